package org.jzenith.examples.users.security;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.examples.users.api.UserResource;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.security.Authenticator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code user.security=none}: every request acts as a user in the role {@code user-admin}, so that
 * the service can be tried without an identity provider. It says so at start-up, with a warning,
 * and it is never what a deployed service runs: that sets {@code user.security=jwt}.
 *
 * <p>So that nothing on the network can change users, the service listens on {@code 127.0.0.1}
 * unless {@code rest.host} is set, and this plugin refuses to start with a {@code rest.host} other
 * machines reach, except in the {@code dev} and {@code test} profiles (a container on one's own
 * machine, say).
 */
public final class OpenAccessPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(OpenAccessPlugin.class);

    /** The profiles in which the open service may listen on the network: one's own machine or a test. */
    private static final Set<String> TRYING_PROFILES = Set.of("dev", "test");

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

    /** Refuses a {@code rest.host} that other machines reach, outside the {@code dev} and {@code test} profiles. */
    @Override
    public void validate(final Validation validation) {
        final boolean trying = validation
                .configuration(CoreConfiguration.class)
                .flatMap(CoreConfiguration::profile)
                .map(profile -> TRYING_PROFILES.contains(profile.strip().toLowerCase(Locale.ROOT)))
                .orElse(false);
        if (trying) {
            return;
        }
        validation.configuration(RestConfiguration.class).ifPresent(rest -> {
            if (!Loopback.is(rest.host())) {
                validation.reject(
                        "rest.host",
                        "a loopback address (127.0.0.1, ::1 or localhost), since user.security=none lets every"
                                + " caller create, change and delete users; to listen on the network set"
                                + " user.security=jwt and the jwt.* settings, or jzenith.profile=dev on a network"
                                + " you trust");
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
