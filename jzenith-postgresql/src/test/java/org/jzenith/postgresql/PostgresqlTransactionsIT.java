package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/**
 * {@link PostgresqlTransactions} against the machine's PostgreSQL, through a proxy that counts the
 * client's round trips and holds each answer of the server for a while, so that what the client
 * pipelines is certainly one turn.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlTransactionsIT {

    private static final String DATABASE = "jzenith_postgresql_transactions_it";
    private static final String INSERT = "INSERT INTO notes (id, text) VALUES ($1, $2)";
    private static final Duration DISTANCE = Duration.ofMillis(20);

    private TcpProxy proxy;
    private JZenith app;

    @BeforeAll
    void startApplication() {
        final LocalServices.Database database =
                TestDatabases.fresh(DATABASE, "CREATE TABLE notes (id int PRIMARY KEY, text text NOT NULL)");
        proxy = TcpProxy.start(database.host(), database.port());
        app = TestDatabases.configure(
                        JZenith.application()
                                .withPlugins(PostgresqlPlugin.create())
                                .withConfiguration("postgresql.pool.size", 1)
                                .withConfiguration("postgresql.migrate", false),
                        database.through(proxy.host(), proxy.port()))
                .start();
    }

    @AfterAll
    void stopApplication() {
        if (app != null) {
            app.stop();
        }
        if (proxy != null) {
            proxy.close();
        }
    }

    @BeforeEach
    void emptyTable() {
        proxy.delayReplies(Duration.ZERO);
        await(pool().query("DELETE FROM notes").execute());
    }

    @Test
    void aTransactionOfOnePipelinedBatchTakesTwoRoundTripsWhereVertxsTakesThree() {
        proxy.delayReplies(DISTANCE);

        final long ours = turns(() -> PostgresqlTransactions.withTransaction(pool(), connection -> {
            final Future<?> first = connection.preparedQuery(INSERT).execute(Tuple.of(1, "one"));
            final Future<?> second = connection.preparedQuery(INSERT).execute(Tuple.of(2, "two"));
            return first.compose(done -> second).mapEmpty();
        }));
        final long vertxs = turns(() -> pool().withTransaction(connection -> {
            final Future<?> first = connection.preparedQuery(INSERT).execute(Tuple.of(3, "three"));
            final Future<?> second = connection.preparedQuery(INSERT).execute(Tuple.of(4, "four"));
            return first.compose(done -> second).mapEmpty();
        }));

        assertThat(ours).as("BEGIN with the statements, then COMMIT").isEqualTo(2);
        assertThat(vertxs).as("BEGIN, the statements, COMMIT").isEqualTo(3);
        assertThat(count()).isEqualTo(4);
    }

    @Test
    void aFailedStatementRollsTheWholeTransactionBackAndIsTheAnswer() {
        final Future<Void> failed = PostgresqlTransactions.withTransaction(pool(), connection -> {
            final Future<?> first = connection.preparedQuery(INSERT).execute(Tuple.of(1, "one"));
            final Future<?> duplicate = connection.preparedQuery(INSERT).execute(Tuple.of(1, "again"));
            return first.compose(done -> duplicate).mapEmpty();
        });

        assertThatThrownBy(() -> await(failed)).hasMessageContaining("duplicate key");
        assertThat(count()).isZero();
        final int inserted = await(PostgresqlTransactions.withTransaction(pool(), connection -> connection
                .preparedQuery(INSERT)
                .execute(Tuple.of(5, "after"))
                .map(rows -> rows.rowCount())));
        assertThat(inserted).as("the connection went back to the pool, usable").isEqualTo(1);
    }

    @Test
    void workThatThrowsOrFailsRollsBackWhatItSent() {
        final Future<Void> thrown = PostgresqlTransactions.withTransaction(pool(), connection -> {
            connection.preparedQuery(INSERT).execute(Tuple.of(1, "one"));
            throw new IllegalStateException("the work gave up");
        });
        assertThatThrownBy(() -> await(thrown)).hasMessage("the work gave up");

        final Future<Void> failed = PostgresqlTransactions.withTransaction(pool(), connection -> connection
                .preparedQuery(INSERT)
                .execute(Tuple.of(2, "two"))
                .compose(done -> Future.failedFuture(new IllegalArgumentException("no, after all"))));
        assertThatThrownBy(() -> await(failed)).hasMessage("no, after all");

        assertThat(count()).isZero();
    }

    private long turns(final Supplier<Future<Void>> transaction) {
        final long before = proxy.clientTurns();
        await(transaction.get());
        return proxy.clientTurns() - before;
    }

    private long count() {
        final Row row = await(pool().query("SELECT count(*) FROM notes").execute())
                .iterator()
                .next();
        return row.getLong(0);
    }

    private Pool pool() {
        return app.instance(Pool.class);
    }

    private static <T> T await(final Future<T> future) {
        return Await.result(future);
    }
}
