package org.jzenith.examples.users;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The user service's own settings, under {@code user.}. */
@ConfigMapping(prefix = "user")
public interface UserServiceConfiguration {

    /** Where users are kept. */
    enum Store {
        /** Through the JDBC plugin: embedded H2 unless {@code jdbc.url} is set. */
        JDBC,

        /** Through the PostgreSQL plugin's reactive client, configured under {@code postgresql.}. */
        POSTGRESQL,

        /**
         * Through the Redis plugin, configured under {@code redis.}: a JSON value per user and a sorted
         * index for pages.
         */
        REDIS
    }

    /** {@code user.store}: the persistence the service uses. */
    @WithDefault("jdbc")
    Store store();
}
