package org.jzenith.jwt;

import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.jwt.internal.JwksKeys;
import org.jzenith.jwt.internal.JwtModule;
import org.jzenith.jwt.internal.JwtSettings;
import org.jzenith.jwt.internal.JwtState;
import org.jzenith.jwt.internal.KeySet;
import org.jzenith.jwt.internal.KeySource;
import org.jzenith.jwt.internal.VerifyingKeys;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JWT bearer authentication for the REST plugin: a request with {@code Authorization: Bearer <jwt>}
 * is the token's subject, in the roles of its roles claim, once the token's signature, issuer,
 * audience and times hold; {@code @RolesAllowed}, {@code @PermitAll}, {@code @DenyAll} and {@code
 * SecurityContext} then work on that user.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RestPlugin.withResources(OrderResource.class), JwtPlugin.create())
 *        .withConfiguration("jwt.jwks-url", "https://id.example.com/realms/shop/protocol/openid-connect/certs")
 *        .withConfiguration("jwt.issuer", "https://id.example.com/realms/shop")
 *        .withConfiguration("jwt.audience", "orders")
 *        .run();
 * }</pre>
 *
 * <p>A token that does not hold is a 401 with {@code WWW-Authenticate: Bearer realm="...",
 * error="invalid_token", error_description="..."}, also on a method open to all. Settings under
 * {@code jwt.} ({@link JwtConfiguration}); with a key set URL, the {@code jwt-keys} health check
 * ({@link JwtHealthCheck}) reports its fetches. Signatures are verified by Vert.x's {@code
 * vertx-auth-jwt}. Starts in the {@link Phase#PREPARE} phase, before the REST server opens.
 */
public final class JwtPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(JwtPlugin.class);

    private final JwtState state = new JwtState();
    // Decided by validate, which runs before modules: the health check is there only for a key set URL.
    private volatile boolean fetchesKeys;

    private JwtPlugin() {}

    /** The JWT plugin, configured under {@code jwt.}. */
    public static JwtPlugin create() {
        return new JwtPlugin();
    }

    @Override
    public String name() {
        return "jwt";
    }

    @Override
    public List<Module> modules() {
        return List.of(new JwtModule(state, fetchesKeys));
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(JwtConfiguration.class, MicroProfileJwtConfiguration.class);
    }

    /**
     * Reports, all at once, no key source or several, a key that cannot be read, a key set URL that
     * is not https (plain http only on loopback where allowed), and a missing issuer, audience or roles
     * claim.
     */
    @Override
    public void validate(final Validation validation) {
        validation.configuration(JwtConfiguration.class).ifPresent(configuration -> validation
                .configuration(MicroProfileJwtConfiguration.class)
                .ifPresent(microProfile -> {
                    fetchesKeys = JwtSettings.fetchesKeys(configuration, microProfile);
                    validation.reject(JwtSettings.problems(configuration, microProfile));
                }));
    }

    /** Reads the key, or fetches the key set (start-up fails when it cannot be fetched). */
    @Override
    public Future<Void> start(final PluginContext context) {
        final JwtConfiguration configuration = context.instance(JwtConfiguration.class);
        final JwtSettings settings =
                JwtSettings.of(configuration, context.instance(MicroProfileJwtConfiguration.class));
        if (!configuration.verifyAudience()) {
            LOG.warn("jwt.verify-audience=false: bearer tokens are accepted whatever audience (aud) they name, so a"
                    + " token the issuer made for another service is accepted here too; set jwt.audience to this"
                    + " service's audience to check it");
        }
        final Future<VerifyingKeys> keys =
                switch (settings.keys()) {
                    case KeySource.Pem(final var key) -> {
                        LOG.info(
                                "JWT bearer tokens verified with a PEM public key ({})",
                                String.join(", ", key.algorithms()));
                        yield Future.succeededFuture(VerifyingKeys.fixed(KeySet.of(context.vertx(), key)));
                    }
                    case KeySource.Jwks(final var url) ->
                        JwksKeys.start(
                                        context.vertx(),
                                        url,
                                        configuration.jwksTimeout(),
                                        configuration.jwksMinRefreshInterval(),
                                        configuration.jwksRefreshInterval())
                                .<VerifyingKeys>map(fetched -> {
                                    LOG.info(
                                            "JWT bearer tokens verified with the {} keys of {}, fetched again every {}",
                                            fetched.current().keyIds().size(),
                                            url,
                                            configuration.jwksRefreshInterval().toSeconds() + " s");
                                    return fetched;
                                })
                                .recover(failure -> Future.failedFuture(new IllegalStateException(
                                        "cannot fetch the JSON Web Key Set from " + url + ": " + failure.getMessage()
                                                + "; check jwt.jwks-url (or mp.jwt.verify.publickey.location) and"
                                                + " that the identity provider is up",
                                        failure)));
                };
        return keys.map(verifying -> {
            state.start(new JwtState.Running(settings, verifying));
            return null;
        });
    }

    @Override
    public Future<Void> stop(final PluginContext context) {
        state.stop().ifPresent(running -> running.keys().close());
        return Future.succeededFuture();
    }
}
