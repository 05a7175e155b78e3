package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.pgclient.spi.PgDriver;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.impl.SqlClientInternal;

/**
 * The {@link SqlClient} the application injects: the plugin's pipelined client while the plugin
 * runs. Commands from many callers share its connections, up to {@code postgresql.pipelining-limit}
 * in flight on each; use it for single commands, the {@link io.vertx.sqlclient.Pool} for
 * transactions. Before start and after stop every command fails with an exception that means 503.
 *
 * <p>It is a {@link SqlClientInternal} too, as the Vert.x SQL client templates require.
 *
 * <p>Thread-safe; commands may be sent from any thread (their futures complete on an event loop).
 */
final class PluginSqlClient implements SqlClient, SqlClientInternal {

    private final RunningClients clients;

    PluginSqlClient(final RunningClients clients) {
        this.clients = clients;
    }

    @Override
    public Query<RowSet<Row>> query(final String sql) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? failed() : running.pipelined().query(sql);
    }

    @Override
    public PreparedQuery<RowSet<Row>> preparedQuery(final String sql) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? failed() : running.pipelined().preparedQuery(sql);
    }

    @Override
    public PreparedQuery<RowSet<Row>> preparedQuery(final String sql, final PrepareOptions options) {
        final RunningClients.Clients running = clients.runningOrNull();
        return running == null ? failed() : running.pipelined().preparedQuery(sql, options);
    }

    /** Does nothing: the plugin closes its client when it stops. */
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
            ((SqlClientInternal) running.pipelined()).group(block);
        }
    }

    private PreparedQuery<RowSet<Row>> failed() {
        return new FailedQuery<>(clients::notRunning);
    }
}
