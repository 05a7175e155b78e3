package org.jzenith.examples.users.security;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.examples.users.api.UserResource;
import org.jzenith.rest.security.Authenticator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code user.security=none}: every request acts as a user in the role {@code user-admin}, so that
 * the service can be tried without an identity provider. It says so at start-up, with a warning,
 * and it is never what a deployed service runs: that sets {@code user.security=jwt}.
 */
public final class OpenAccessPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(OpenAccessPlugin.class);

    private OpenAccessPlugin() {}

    public static OpenAccessPlugin create() {
        return new OpenAccessPlugin();
    }

    @Override
    public String name() {
        return "open-access";
    }

    @Override
    public List<Module> modules() {
        return List.of(new AbstractModule() {
            @Override
            protected void configure() {
                Authenticator.bind(binder()).toInstance(new OpenAccessAuthenticator());
            }
        });
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        LOG.warn(
                "user.security=none: every request may create, change and delete users (role {});"
                        + " set user.security=jwt and the jwt.* settings to require a bearer token",
                UserResource.ADMIN);
        return Future.succeededFuture();
    }
}
