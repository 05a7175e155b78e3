package org.jzenith.jwt.internal;

import io.vertx.core.Future;
import java.util.Optional;

/** The keys that verify tokens now, and where a key id they lack can be looked for. */
public interface VerifyingKeys {

    /** The keys now. */
    KeySet current();

    /**
     * The keys to verify a token whose header names {@code keyId}: the current ones when they have it
     * (or when it names none), else those a fetch brings, when the source can fetch.
     */
    Future<KeySet> forKeyId(Optional<String> keyId);

    /** Stops what the keys run (a refresh timer, a client). */
    default void close() {}

    /** One key set that never changes: a PEM key of the configuration. */
    static VerifyingKeys fixed(final KeySet keys) {
        final Future<KeySet> always = Future.succeededFuture(keys);
        return new VerifyingKeys() {
            @Override
            public KeySet current() {
                return keys;
            }

            @Override
            public Future<KeySet> forKeyId(final Optional<String> keyId) {
                return always;
            }
        };
    }
}
