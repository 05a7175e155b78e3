package org.jzenith.jwt;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.configuration.DurationRange;

/**
 * Settings of the JWT plugin, under {@code jwt.}: where the keys that sign tokens come from (exactly
 * one of {@code jwt.public-key}, {@code jwt.public-key-file} and {@code jwt.jwks-url}), and what a
 * token must say to be accepted.
 *
 * <pre>
 * jwt.public-key-file=/etc/service/issuer.pem   # a PEM public key (RSA or EC), read at start-up
 * jwt.public-key=-----BEGIN PUBLIC KEY-----...   # or the PEM text itself, e.g. from JWT_PUBLIC_KEY
 * jwt.jwks-url=https://id.example.com/certs      # or the issuer's JSON Web Key Set, fetched and refreshed
 * jwt.jwks-allow-insecure-loopback=false         # true: an http:// key set on 127.0.0.1, ::1 or localhost (tests)
 * jwt.issuer=https://id.example.com              # required: the token's iss, exactly
 * jwt.audience=orders                            # required: the token's aud must name one of these (commas)
 * jwt.verify-audience=true                       # false: accept any aud (a WARN at start-up), jwt.audience unset
 * jwt.clock-skew=30s                             # leeway on exp, nbf and iat, 0s to 5m
 * jwt.roles-claim=groups                         # where the roles are: groups, or a path like realm_access.roles
 * jwt.realm=jzenith                              # the realm of the WWW-Authenticate challenge
 * jwt.jwks-refresh-interval=10m                  # how often the key set is fetched again, 10s to 24h
 * jwt.jwks-min-refresh-interval=10s              # the least time between fetches for an unknown kid, 0s to 1h
 * jwt.jwks-timeout=5s                            # how long one fetch may take, 100ms to 1m
 * </pre>
 *
 * <p>Mistakes (no key source or two, a key file that cannot be read or holds no public key, a URL
 * that is not https, no issuer or audience) stop start-up, reported with every other
 * configuration problem.
 */
@ConfigMapping(prefix = "jwt")
public interface JwtConfiguration {

    /**
     * The PEM text of the public key that verifies tokens ({@code -----BEGIN PUBLIC KEY-----}, an
     * RSA key for RS256/RS384/RS512 or an EC key of P-256, P-384 or P-521 for ES256/ES384/ES512).
     */
    Optional<String> publicKey();

    /** A file holding the PEM public key, as {@code jwt.public-key} describes it; read at start-up. */
    Optional<String> publicKeyFile();

    /**
     * The URL of the issuer's JSON Web Key Set (RFC 7517), such as Keycloak's {@code
     * .../protocol/openid-connect/certs}: fetched at start-up (start-up fails if it cannot be), again
     * every {@code jwt.jwks-refresh-interval}, and at once for a token whose {@code kid} is not in it,
     * so that a rotated key is picked up. Fetched with Vert.x's non-blocking client. Must be {@code
     * https}: over plain {@code http} anyone on the path could hand over keys of their own.
     */
    Optional<String> jwksUrl();

    /**
     * Whether {@code jwt.jwks-url} may be plain {@code http} when its host is this machine ({@code
     * 127.0.0.1}, {@code ::1} or {@code localhost}), for a key server in a test or a sidecar; never for
     * another host.
     */
    @WithDefault("false")
    boolean jwksAllowInsecureLoopback();

    /** The issuer a token's {@code iss} claim must name exactly. Required. */
    Optional<String> issuer();

    /**
     * The audiences of which a token's {@code aud} claim must name at least one. Required, unless
     * {@code jwt.verify-audience=false}.
     */
    Optional<List<String>> audience();

    /**
     * Whether a token's {@code aud} must name one of {@code jwt.audience}. {@code false} accepts tokens
     * meant for any audience, or none, as MicroProfile JWT does when {@code mp.jwt.verify.audiences} is
     * not set; start-up then logs a WARN, as a token issued for another service is then accepted here.
     */
    @WithDefault("true")
    boolean verifyAudience();

    /**
     * How far a token's times may be off: a token is accepted until {@code exp} plus this, from
     * {@code nbf} minus this, and with an {@code iat} up to this far in the future.
     */
    @DurationRange(min = "0s", max = "5m")
    @WithDefault("30s")
    Duration clockSkew();

    /**
     * The claim that holds the user's roles, as {@code @RolesAllowed} checks them: an array of strings,
     * or a string of roles separated by spaces (so {@code scope} works). A name with dots is first
     * looked up as it is (namespaced claims such as {@code https://example.com/roles}), then as a path
     * into nested objects ({@code realm_access.roles} for Keycloak). {@code groups} as MicroProfile JWT.
     */
    @WithDefault("groups")
    String rolesClaim();

    /** The realm named in the {@code WWW-Authenticate: Bearer realm="..."} challenge of a 401. */
    @WithDefault("jzenith")
    String realm();

    /** How often the JSON Web Key Set is fetched again, when {@code jwt.jwks-url} is set. */
    @DurationRange(min = "10s", max = "24h")
    @WithDefault("10m")
    Duration jwksRefreshInterval();

    /**
     * The least time between two fetches of the key set for tokens with an unknown {@code kid}, so
     * that made-up key ids cannot make the service fetch for every request.
     */
    @DurationRange(min = "0s", max = "1h")
    @WithDefault("10s")
    Duration jwksMinRefreshInterval();

    /** How long one fetch of the key set may take, connecting included. */
    @DurationRange(min = "100ms", max = "1m")
    @WithDefault("5s")
    Duration jwksTimeout();
}
