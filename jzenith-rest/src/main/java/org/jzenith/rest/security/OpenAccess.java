package org.jzenith.rest.security;

import com.google.inject.Module;
import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.rest.RestConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A plugin for trying a service out without an identity provider: every request to a resource method
 * acts as the user {@code anonymous} in the given roles, said at start-up with a warning. So that
 * nothing on the network gets those roles, it refuses to start with a {@code rest.host} other
 * machines reach ({@code 0.0.0.0}, an address of the machine, any host name but {@code localhost}),
 * except in the {@code dev} and {@code test} profiles; the refusal names the setting that chose open
 * access and the way to real credentials.
 *
 * <pre>{@code
 * .withPluginsIf(AuditConfiguration.class, c -> c.security() == Security.NONE,
 *         OpenAccess.grant("audit-reader")
 *                 .chosenBy("audit.security=none")
 *                 .otherwise("audit.security=jwt and the jwt.* settings"))
 * .withConfiguration("rest.host", "127.0.0.1")
 * }</pre>
 *
 * <p>Immutable; each method returns a new instance.
 */
public final class OpenAccess implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(OpenAccess.class);

    /** The profiles in which the open service may listen on the network: one's own machine or a test. */
    private static final Set<String> TRYING_PROFILES = Set.of("dev", "test");

    private final Set<String> roles;
    private final String chosenBy;
    private final String otherwise;

    private OpenAccess(final Set<String> roles, final String chosenBy, final String otherwise) {
        this.roles = roles;
        this.chosenBy = chosenBy;
        this.otherwise = otherwise;
    }

    /** Every request acts as the user {@code anonymous} in {@code roles}, at least one. */
    public static OpenAccess grant(final String... roles) {
        Arrays.stream(roles).forEach(role -> Objects.requireNonNull(role, "role"));
        if (roles.length == 0) {
            throw new IllegalArgumentException("OpenAccess.grant needs the roles every request gets, at least one");
        }
        return new OpenAccess(
                new TreeSet<>(Arrays.asList(roles)), "open access", "an authenticator (jzenith-jwt, for one)");
    }

    /** The setting that chose open access, as the warning and the refusal name it: {@code user.security=none}. */
    public OpenAccess chosenBy(final String setting) {
        return new OpenAccess(roles, Objects.requireNonNull(setting, "setting"), otherwise);
    }

    /** What to set instead, as the refusal names it: {@code user.security=jwt and the jwt.* settings}. */
    public OpenAccess otherwise(final String fix) {
        return new OpenAccess(roles, chosenBy, Objects.requireNonNull(fix, "fix"));
    }

    @Override
    public String name() {
        return "open-access";
    }

    @Override
    public List<Module> modules() {
        final Future<Authentication> everyone =
                Future.succeededFuture(Authentication.of(Identity.of("anonymous", roles)));
        return List.of(binder -> Authenticator.bind(binder).toInstance(new Authenticator() {
            @Override
            public String scheme() {
                return "None";
            }

            @Override
            public Future<Authentication> authenticate(final HttpServerRequest request) {
                // One answer for every request: nothing is read from it.
                return everyone;
            }
        }));
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
            if (!isLoopback(rest.host())) {
                validation.reject(
                        "rest.host",
                        "a loopback address (127.0.0.1, ::1 or localhost), since " + chosenBy
                                + " gives every caller the roles " + roles + "; to listen on the network set "
                                + otherwise + ", or jzenith.profile=dev on a network you trust");
            }
        });
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        LOG.warn(
                "{}: every request acts as the user anonymous in the roles {}; set {} to require credentials",
                chosenBy,
                roles,
                otherwise);
        return Future.succeededFuture();
    }

    /**
     * Whether {@code host} is an address only this machine reaches: {@code localhost}, {@code
     * 127.0.0.0/8} or {@code ::1}. Names other than {@code localhost} are not looked up (they may
     * resolve elsewhere later), so they count as reachable from the network.
     */
    static boolean isLoopback(final String host) {
        final String literal = host.strip();
        if (literal.toLowerCase(Locale.ROOT).equals("localhost")) {
            return true;
        }
        final String bare =
                literal.startsWith("[") && literal.endsWith("]") ? literal.substring(1, literal.length() - 1) : literal;
        try {
            return InetAddress.ofLiteral(bare).isLoopbackAddress();
        } catch (final IllegalArgumentException notAnAddress) {
            // A host name: start-up checks, not a request path, so an exception is the answer here.
            return false;
        }
    }
}
