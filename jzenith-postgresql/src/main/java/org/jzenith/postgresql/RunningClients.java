package org.jzenith.postgresql;

import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import java.util.Optional;

/**
 * The plugin's pool and pipelined client while it runs: what the injected {@link PluginPool} and
 * {@link PluginSqlClient} delegate to. They exist before the clients do, so that singletons taking a
 * {@code Pool} or {@code SqlClient} can be created with the injector.
 *
 * <p>Thread-safe: the clients are published through a volatile field.
 */
final class RunningClients {

    /**
     * What runs.
     *
     * @param pool the pool of exclusive connections, for transactions
     * @param pipelined the pipelined client, for single commands
     * @param target where they connect
     * @param server the server's product and version, such as {@code PostgreSQL 15.4}
     */
    record Clients(Pool pool, SqlClient pipelined, PostgresqlTarget target, String server) {}

    private volatile Clients clients;
    private volatile String state = "has not started yet";

    /** The clients, while the plugin runs. */
    Optional<Clients> current() {
        return Optional.ofNullable(clients);
    }

    /** The clients while the plugin runs, else {@code null}: for the hot path, without allocation. */
    Clients runningOrNull() {
        return clients;
    }

    /** The failure of a call made while the plugin does not run. */
    NotRunningException notRunning() {
        return new NotRunningException(state);
    }

    void start(final Clients started) {
        clients = started;
    }

    /** Forgets the clients and returns them, for the caller to close. */
    Optional<Clients> stop() {
        final Clients stopped = clients;
        state = "has stopped";
        clients = null;
        return Optional.ofNullable(stopped);
    }
}
