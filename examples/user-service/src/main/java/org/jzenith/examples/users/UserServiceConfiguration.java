package org.jzenith.examples.users;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The user service's own settings, under {@code user.}. */
@ConfigMapping(prefix = "user")
public interface UserServiceConfiguration {

    /** Where users are kept. */
    enum Store {
        /** Through the JDBC plugin: embedded H2 unless {@code jdbc.url} is set. */
        JDBC
    }

    /** {@code user.store}: the persistence the service uses. */
    @WithDefault("jdbc")
    Store store();
}
