package org.jzenith.postgresql;

import org.jzenith.core.store.LateBound;

/**
 * The server the plugin found when it started (its product and version, such as {@code PostgreSQL
 * 15.4}) and where it is; empty before start and after stop. Thread-safe.
 */
final class PostgresqlServer {

    /** What the plugin connected to. */
    record Connected(PostgresqlTarget target, String version) {}

    private final LateBound<Connected> connected = LateBound.of("postgresql");

    void started(final PostgresqlTarget target, final String version) {
        connected.start(new Connected(target, version));
    }

    void stopped() {
        connected.stop();
    }

    /** The server, while the plugin runs; else a failure saying the plugin does not run. */
    LateBound<Connected> connected() {
        return connected;
    }
}
