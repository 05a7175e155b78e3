package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.pgclient.spi.PgDriver;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.TransactionPropagation;
import io.vertx.sqlclient.impl.SqlClientInternal;
import java.util.function.Function;

/**
 * The {@link Pool} the application injects: the plugin's pool while the plugin runs. Each command
 * has a connection to itself for its duration; {@link #withTransaction} runs several on one
 * connection in a transaction. Before start and after stop every call fails with an exception that
 * means 503.
 *
 * <p>It is a {@link SqlClientInternal} too, as the Vert.x SQL client templates require.
 *
 * <p>Thread-safe; calls may be made from any thread (their futures complete on an event loop).
 */
final class PluginPool implements Pool, SqlClientInternal {

    private final RunningClients clients;

    PluginPool(final RunningClients clients) {
        this.clients = clients;
    }

    @Override
    public Future<SqlConnection> getConnection() {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null
                ? Future.failedFuture(clients.notRunning())
                : running.pool().getConnection();
    }

    @Override
    public Query<RowSet<Row>> query(final String sql) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? failed() : running.pool().query(sql);
    }

    @Override
    public PreparedQuery<RowSet<Row>> preparedQuery(final String sql) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? failed() : running.pool().preparedQuery(sql);
    }

    @Override
    public PreparedQuery<RowSet<Row>> preparedQuery(final String sql, final PrepareOptions options) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? failed() : running.pool().preparedQuery(sql, options);
    }

    @Override
    public <T> Future<T> withTransaction(final Function<SqlConnection, Future<T>> function) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null
                ? Future.failedFuture(clients.notRunning())
                : running.pool().withTransaction(function);
    }

    @Override
    public <T> Future<T> withTransaction(
            final TransactionPropagation propagation, final Function<SqlConnection, Future<T>> function) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null
                ? Future.failedFuture(clients.notRunning())
                : running.pool().withTransaction(propagation, function);
    }

    @Override
    public <T> Future<T> withConnection(final Function<SqlConnection, Future<T>> function) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null
                ? Future.failedFuture(clients.notRunning())
                : running.pool().withConnection(function);
    }

    /** The connections the pool has open now; 0 while the plugin does not run. */
    @Override
    public int size() {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? 0 : running.pool().size();
    }

    /** Does nothing: the plugin closes its pool when it stops. */
    @Override
    public Future<Void> close() {
        return Future.succeededFuture();
    }

    /** PostgreSQL's: the SQL client templates ask it how to write parameters. */
    @Override
    public PgDriver driver() {
        return PgDriver.INSTANCE;
    }

    @Override
    public void group(final Handler<SqlClient> block) {
        final RunningClients.Clients running = clients.runningOrNull();
        if (running == null) {
            block.handle(this);
        } else {
            ((SqlClientInternal) running.pool()).group(block);
        }
    }

    private PreparedQuery<RowSet<Row>> failed() {
        return new FailedQuery<>(clients::notRunning);
    }
}
