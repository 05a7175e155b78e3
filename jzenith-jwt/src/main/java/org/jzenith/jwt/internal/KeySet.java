package org.jzenith.jwt.internal;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The keys that verify tokens at one time, as Vert.x's JWT provider holds them, and the key ids
 * among them. Immutable: a refreshed key set replaces the whole.
 *
 * @param verifier verifies a token's signature (its claims are checked by {@link ClaimsCheck})
 * @param keyIds the {@code kid}s of the keys
 * @param since when the keys were read
 */
public record KeySet(JWTAuth verifier, Set<String> keyIds, Instant since) {

    public KeySet {
        keyIds = Set.copyOf(keyIds);
    }

    /** The key set of one PEM public key, for each algorithm it verifies. */
    public static KeySet of(final Vertx vertx, final PemPublicKey key) {
        final JWTAuthOptions options = options();
        key.algorithms()
                .forEach(algorithm -> options.addPubSecKey(
                        new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(key.pem())));
        return new KeySet(JWTAuth.create(vertx, options), Set.of(), Instant.now());
    }

    /**
     * The key set of a JSON Web Key Set document (RFC 7517): its signing keys ({@code use} absent or
     * {@code sig}); the library skips, with a warning, keys of types it cannot use.
     *
     * @throws IllegalArgumentException when the document has no signing key
     */
    public static KeySet ofJwks(final Vertx vertx, final JsonObject jwks) {
        final JsonArray keys = jwks.getJsonArray("keys");
        if (keys == null) {
            throw new IllegalArgumentException("the document has no \"keys\" array");
        }
        final JWTAuthOptions options = options();
        final Set<String> ids = new LinkedHashSet<>();
        for (final Object entry : keys) {
            if (entry instanceof JsonObject key && "sig".equals(key.getString("use", "sig"))) {
                options.addJwk(key);
                if (key.getValue("kid") instanceof String kid) {
                    ids.add(kid);
                }
            }
        }
        if (options.getJwks().isEmpty()) {
            throw new IllegalArgumentException("the key set has no signing key");
        }
        return new KeySet(JWTAuth.create(vertx, options), ids, Instant.now());
    }

    private static JWTAuthOptions options() {
        // Expiry, issuer and audience are checked by ClaimsCheck, to say which failed.
        return new JWTAuthOptions().setJWTOptions(new JWTOptions().setIgnoreExpiration(true));
    }
}
