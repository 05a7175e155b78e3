package org.jzenith.examples.users.security;

import org.jzenith.core.Plugin;
import org.jzenith.examples.users.api.UserResource;
import org.jzenith.rest.security.OpenAccess;

/**
 * {@code user.security=none}: every request acts as a user in the role {@code user-admin}, so that
 * the service can be tried without an identity provider. It says so at start-up, with a warning,
 * and it is never what a deployed service runs: that sets {@code user.security=jwt}.
 *
 * <p>So that nothing on the network can change users, the service listens on {@code 127.0.0.1}
 * unless {@code rest.host} is set, and this plugin ({@link OpenAccess}) refuses to start with a
 * {@code rest.host} other machines reach, except in the {@code dev} and {@code test} profiles (a
 * container on one's own machine, say).
 */
public final class OpenAccessPlugin {

    private OpenAccessPlugin() {}

    /** Open access in the role {@code user-admin}, named by {@code user.security=none}. */
    public static Plugin create() {
        return OpenAccess.grant(UserResource.ADMIN)
                .chosenBy("user.security=none")
                .otherwise("user.security=jwt and the jwt.* settings");
    }
}
