package org.jzenith.jwt.internal;

import java.util.Optional;

/**
 * What the JWT plugin runs, set when it starts: the injector makes the authenticator before that.
 * Thread-safe: published through a volatile field.
 */
public final class JwtState {

    /**
     * The running plugin.
     *
     * @param settings the checked settings
     * @param keys the keys that verify tokens
     */
    public record Running(JwtSettings settings, VerifyingKeys keys) {}

    private volatile Optional<Running> running = Optional.empty();

    public void start(final Running value) {
        running = Optional.of(value);
    }

    public Optional<Running> stop() {
        final Optional<Running> stopped = running;
        running = Optional.empty();
        return stopped;
    }

    public Optional<Running> running() {
        return running;
    }
}
