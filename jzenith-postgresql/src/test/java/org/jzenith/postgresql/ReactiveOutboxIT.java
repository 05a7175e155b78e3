package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.outbox.OutboxFullException;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.flyway.Migrations;
import org.jzenith.flyway.OutboxMigrations;
import org.jzenith.test.Await;
import org.jzenith.test.services.LocalServices;

/**
 * The reactive outbox on the machine's PostgreSQL, in a database of each test's own: the cases of the
 * JDBC plugin's {@code OutboxStorePostgresqlIT}. Events commit and roll back with the caller's
 * reactive transaction, a connection without one is refused, one relay holds the lease, events come
 * out in order, leave the backlog when marked and are purged, the backlog bound fails the business
 * transaction, and {@code LISTEN/NOTIFY} wakes another instance on a commit, not on a rollback, also
 * after its connection was killed. And the inbox: a message id is applied once, in the transaction
 * of the consumer's writes, both for {@code @Idempotent} methods and for reactive code.
 */
class ReactiveOutboxIT {

    private static final String DATABASE = "jzenith_reactive_outbox_it";
    private static final String LISTENER = "reactive-outbox-it-listen";

    private static Vertx vertx;
    private LocalServices.Database database;
    private Pool pool;
    private ReactiveOutbox outbox;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void closeVertx() {
        vertx.close().await();
    }

    @BeforeEach
    void migrate() {
        // The application's own table first, as a service has: the outbox's migrations still apply.
        database = TestDatabases.fresh(DATABASE, "CREATE TABLE items (id VARCHAR(36) PRIMARY KEY)");
        final Migrations migrations = Migrations.of("postgresql", "the test database", text -> text);
        assertThat(migrateOutbox(migrations).migrationsExecuted)
                .as("V1, the tables; V2, the traceparent and the inbox's index; V3, the relay's partial index")
                .isEqualTo(4);
        assertThat(migrateOutbox(migrations).migrationsExecuted)
                .as("migrating again applies nothing")
                .isZero();
        pool = PgBuilder.pool().connectingTo(options()).using(vertx).build();
        outbox = outbox(3);
    }

    @AfterEach
    void closePool() {
        pool.close().await();
    }

    private org.flywaydb.core.api.output.MigrateResult migrateOutbox(final Migrations migrations) {
        return OutboxMigrations.apply(
                migrations,
                getClass().getClassLoader(),
                "postgresql",
                flyway -> flyway.dataSource(database.jdbcUrl(), database.user(), database.password()));
    }

    private PgConnectOptions options() {
        return new PgConnectOptions()
                .setHost(database.host())
                .setPort(database.port())
                .setDatabase(database.database())
                .setUser(database.user())
                .setPassword(database.password());
    }

    private ReactiveOutbox outbox(final long maxPending) {
        return new ReactiveOutbox(
                pool,
                vertx,
                (channel, event) -> event.toString().getBytes(StandardCharsets.UTF_8),
                maxPending,
                Clock.systemUTC(),
                () -> OutboxNotifications.named(options(), LISTENER));
    }

    /** Inserts the item {@code id} and publishes its event in one transaction, then {@code andThen}. */
    private Future<Void> createItem(
            final ReactiveOutbox publisher,
            final String id,
            final java.util.function.Function<SqlConnection, Future<Void>> andThen) {
        return pool.withTransaction(connection -> connection
                .query("INSERT INTO items (id) VALUES ('" + id + "')")
                .execute()
                .compose(inserted -> publisher.publish(connection, "items", id, "created " + id))
                .compose(published -> andThen.apply(connection)));
    }

    private Future<Void> createItem(final ReactiveOutbox publisher, final String id) {
        return createItem(publisher, id, connection -> Future.succeededFuture());
    }

    private long items() {
        return pool.query("SELECT COUNT(*) FROM items")
                .execute()
                .await()
                .iterator()
                .next()
                .getLong(0);
    }

    @Test
    void anEventCommitsWithTheTransactionAndRollsBackWithIt() throws InterruptedException {
        final Semaphore commits = new Semaphore(0);
        outbox.onCommit(commits::release);
        createItem(outbox, "a").await();
        assertThat(commits.tryAcquire(5, TimeUnit.SECONDS))
                .as("the commit wakes this instance's relay")
                .isTrue();
        assertThatThrownBy(() -> createItem(
                                outbox,
                                "b",
                                connection ->
                                        Future.failedFuture(new IllegalStateException("the business change fails")))
                        .await())
                .hasMessage("the business change fails");
        assertThat(commits.tryAcquire(500, TimeUnit.MILLISECONDS))
                .as("a rollback wakes nothing")
                .isFalse();

        final List<OutboxRecord> pending = outbox.pending(10);
        assertThat(pending).hasSize(1);
        assertThat(pending.getFirst().channel()).isEqualTo("items");
        assertThat(pending.getFirst().key()).contains("a");
        assertThat(new String(pending.getFirst().payload(), StandardCharsets.UTF_8))
                .isEqualTo("created a");
        assertThat(pending.getFirst().eventId()).hasSize(36);
        assertThat(outbox.backlog().pending()).isEqualTo(1);
        assertThat(items()).as("the rolled-back item is gone").isEqualTo(1);
    }

    @Test
    void aConnectionWithoutATransactionIsRefusedAndNothingIsWritten() {
        assertThatThrownBy(
                        () -> pool.withConnection(connection -> outbox.publish(connection, "items", "a", "created a"))
                                .await())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no open transaction")
                .hasMessageContaining("pool.withTransaction");
        assertThat(outbox.pending(10)).isEmpty();
    }

    @Test
    void eventsComeOutInTheOrderPublishedAndLeaveTheBacklogWhenMarkedSent() {
        pool.withTransaction(connection -> outbox.publish(connection, "items", "k", "1")
                        .compose(first -> outbox.publish(connection, "items", "k", "2")))
                .await();
        pool.withTransaction(connection -> outbox.publish(connection, "items", "k", "3"))
                .await();
        final List<OutboxRecord> pending = outbox.pending(10);
        assertThat(pending)
                .extracting(record -> new String(record.payload(), StandardCharsets.UTF_8))
                .containsExactly("1", "2", "3");
        assertThat(outbox.pending(2)).hasSize(2);
        outbox.markSent(List.of(pending.get(0).id(), pending.get(1).id()));
        assertThat(outbox.pending(10))
                .extracting(OutboxRecord::id)
                .containsExactly(pending.get(2).id());
        assertThat(outbox.backlog().pending()).isEqualTo(1);

        assertThat(outbox.purge(Instant.now().minusSeconds(60)))
                .as("sent within the retention")
                .isZero();
        assertThat(outbox.purge(Instant.now().plusSeconds(1)))
                .as("sent before the cut")
                .isEqualTo(2);
        assertThat(outbox.pending(10)).hasSize(1);
    }

    @Test
    void anEventSetAsideIsKeptWithItsErrorAndTheEventsBehindItComeOut() {
        pool.withTransaction(connection -> outbox.publish(connection, "items", "k", "1")
                        .compose(first -> outbox.publish(connection, "items", "k", "2")))
                .await();
        final List<OutboxRecord> pending = outbox.pending(10);

        outbox.setAside(pending.get(0).id(), "RecordTooLargeException: " + "x".repeat(2000));
        outbox.setAside(pending.get(0).id(), "again"); // idempotent
        outbox.setAside(-1, "an id that never was");

        assertThat(outbox.pending(10))
                .extracting(OutboxRecord::id)
                .containsExactly(pending.get(1).id());
        final OutboxStore.Backlog backlog = outbox.backlog();
        assertThat(backlog.pending()).isEqualTo(1);
        assertThat(backlog.setAside()).isEqualTo(1);
        outbox.markSent(List.of(pending.get(1).id()));
        assertThat(outbox.purge(Instant.now().plusSeconds(1)))
                .as("the sent event, not the one set aside")
                .isEqualTo(1);
        // The query docs/messaging.md gives operators.
        final var failed = pool.query(
                        "SELECT id, event_id, channel, record_key, failed_at, error FROM jzenith_outbox_failed ORDER BY id")
                .execute()
                .await();
        assertThat(failed.rowCount()).isEqualTo(1);
        final var row = failed.iterator().next();
        assertThat(row.getString("event_id")).isEqualTo(pending.get(0).eventId());
        assertThat(row.getString("record_key")).isEqualTo("k");
        assertThat(row.getString("error"))
                .startsWith("RecordTooLargeException: xxx")
                .hasSize(1000);
    }

    @Test
    void thePurgeDeletesSentEventsOlderThanTheCutInSeveralBatchedStatementsAndKeepsTheRest() {
        // A statement-level trigger writes down how many rows each DELETE on the outbox removed.
        pool.query("CREATE TABLE purge_statements (n SERIAL PRIMARY KEY, deleted INT NOT NULL)")
                .execute()
                .await();
        pool.query("CREATE FUNCTION count_purge() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                        + " INSERT INTO purge_statements (deleted) SELECT COUNT(*) FROM gone; RETURN NULL; END $$")
                .execute()
                .await();
        pool.query("CREATE TRIGGER count_purge AFTER DELETE ON jzenith_outbox REFERENCING OLD TABLE AS gone"
                        + " FOR EACH STATEMENT EXECUTE FUNCTION count_purge()")
                .execute()
                .await();
        final long old = Instant.now().minus(Duration.ofDays(20)).toEpochMilli();
        final long recent = Instant.now().toEpochMilli();
        // More than two of the purge's batches of old sent events, beside recently sent and unsent ones.
        final int oldEvents = 2 * ReactiveOutbox.PURGE_BATCH + 7;
        pool.query("INSERT INTO jzenith_outbox (event_id, channel, record_key, payload, created_at, sent_at)"
                        + " SELECT 'e-' || n, 'items', 'k', '\\x01', " + old + ", CASE WHEN n <= " + oldEvents
                        + " THEN " + old + " WHEN n <= " + (oldEvents + 10) + " THEN " + recent + " END"
                        + " FROM generate_series(1, " + (oldEvents + 20) + ") AS n")
                .execute()
                .await();

        assertThat(outbox.purge(Instant.now().minus(Duration.ofDays(14)))).isEqualTo(oldEvents);
        final List<Integer> deleted = new ArrayList<>();
        pool.query("SELECT deleted FROM purge_statements ORDER BY n")
                .execute()
                .await()
                .forEach(row -> deleted.add(row.getInteger(0)));
        assertThat(deleted)
                .as("rows deleted by each statement")
                .containsExactly(ReactiveOutbox.PURGE_BATCH, ReactiveOutbox.PURGE_BATCH, 7);
        assertThat(pool.query("SELECT COUNT(*) FROM jzenith_outbox")
                        .execute()
                        .await()
                        .iterator()
                        .next()
                        .getLong(0))
                .as("the recently sent and the unsent events stay")
                .isEqualTo(20L);
        assertThat(outbox.pending(100)).hasSize(10);
        assertThat(outbox.purge(Instant.now().minus(Duration.ofDays(14))))
                .as("nothing left to purge")
                .isZero();
    }

    @Test
    void theRelaysIndexHoldsUnsentEventsOnlyAndThePurgeHasOneOfSentEvents() {
        final List<String> indexes = new ArrayList<>();
        pool.query("SELECT indexdef FROM pg_indexes WHERE tablename = 'jzenith_outbox' ORDER BY indexname")
                .execute()
                .await()
                .forEach(row -> indexes.add(row.getString(0)));
        assertThat(indexes)
                .anySatisfy(index -> assertThat(index).contains("(id) WHERE (sent_at IS NULL)"))
                .anySatisfy(index -> assertThat(index).contains("(sent_at) WHERE (sent_at IS NOT NULL)"))
                .noneSatisfy(index -> assertThat(index).contains("(sent_at, id)"));
    }

    @Test
    void oneOwnerHoldsTheLeaseUntilItReleasesOrItExpires() {
        assertThat(outbox.lease("a", Duration.ofSeconds(30))).isTrue();
        assertThat(outbox.lease("b", Duration.ofSeconds(30))).isFalse();
        assertThat(outbox.lease("a", Duration.ofSeconds(30))).as("renewed").isTrue();
        outbox.release("a");
        // Long enough that a slow machine's next statement still finds it held.
        assertThat(outbox.lease("b", Duration.ofSeconds(1))).isTrue();
        assertThat(outbox.lease("a", Duration.ofSeconds(30))).isFalse();
        // b's one-second lease expires: a takes it then, and not before (asserted just above).
        Await.until(
                Duration.ofSeconds(10),
                "b's lease expired and a took it",
                () -> outbox.lease("a", Duration.ofSeconds(30)));
    }

    @Test
    void pastTheBoundPublishFailsAndTheTransactionWithIt() {
        for (int i = 0; i < 3; i++) {
            createItem(outbox, "k" + i).await();
        }
        final ReactiveOutbox counted = outbox(3); // a fresh instance counts the table on its first publish
        assertThatThrownBy(() -> createItem(counted, "late").await())
                .isInstanceOf(OutboxFullException.class)
                .hasMessageContaining("outbox.max-pending=3");
        assertThat(items())
                .as("the business row rolled back with the refused event")
                .isEqualTo(3);
        assertThat(outbox.pending(10)).hasSize(3);
    }

    @Test
    void aCommitInOneInstanceWakesTheListenerOfAnotherAndARollbackDoesNot() throws Exception {
        final ReactiveOutbox publisher = outbox(100);
        final ReactiveOutbox relay = outbox(100);
        final Semaphore wakes = new Semaphore(0);
        final OutboxStore.Listening listening = relay.listen(wakes::release);
        try {
            assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS))
                    .as("a wake once it listens, for what it missed")
                    .isTrue();
            assertThat(wakes.tryAcquire(1, TimeUnit.SECONDS))
                    .as("nothing committed yet")
                    .isFalse();

            assertThatThrownBy(() -> createItem(
                                    publisher,
                                    "a",
                                    connection -> Future.failedFuture(new IllegalStateException("rolled back")))
                            .await())
                    .hasMessage("rolled back");
            assertThat(wakes.tryAcquire(1, TimeUnit.SECONDS))
                    .as("no wake for a rollback")
                    .isFalse();

            pool.withTransaction(connection -> publisher
                            .publish(connection, "items", "b", "created b")
                            .compose(first -> publisher.publish(connection, "items", "c", "created c")))
                    .await();
            assertThat(wakes.tryAcquire(5, TimeUnit.SECONDS))
                    .as("a wake for the commit")
                    .isTrue();
        } finally {
            listening.close();
        }
    }

    @Test
    void anInstanceThatHoldsTheLeaseDoesNotNotifyItsOwnCommits() throws Exception {
        final ReactiveOutbox publisher = outbox(100);
        final ReactiveOutbox listener = outbox(100);
        final Semaphore wakes = new Semaphore(0);
        final Semaphore commits = new Semaphore(0);
        publisher.onCommit(commits::release);
        final OutboxStore.Listening listening = listener.listen(wakes::release);
        try {
            assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS)).as("listening").isTrue();
            assertThat(publisher.lease("publisher", Duration.ofSeconds(30))).isTrue();

            createItem(publisher, "a").await();
            assertThat(commits.tryAcquire(5, TimeUnit.SECONDS))
                    .as("the commit wakes the publisher's own relay in-process")
                    .isTrue();
            assertThat(wakes.tryAcquire(1, TimeUnit.SECONDS))
                    .as("no notification while the publisher relays itself")
                    .isFalse();

            publisher.release("publisher");
            createItem(publisher, "b").await();
            assertThat(wakes.tryAcquire(5, TimeUnit.SECONDS))
                    .as("a notification once another instance may relay")
                    .isTrue();
            assertThat(publisher.pending(10)).hasSize(2);
        } finally {
            listening.close();
        }
    }

    @Test
    void theListenerConnectsAgainWhenItsConnectionIsKilled() throws Exception {
        final ReactiveOutbox publisher = outbox(100);
        final ReactiveOutbox relay = outbox(100);
        final Semaphore wakes = new Semaphore(0);
        final OutboxStore.Listening listening = relay.listen(wakes::release);
        try {
            assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS)).as("listening").isTrue();

            assertThat(terminateListener())
                    .as("the listener's connection was found and ended")
                    .isOne();
            assertThat(wakes.tryAcquire(15, TimeUnit.SECONDS))
                    .as("a wake after it connected again")
                    .isTrue();
            wakes.drainPermits();

            createItem(publisher, "a").await();
            assertThat(wakes.tryAcquire(5, TimeUnit.SECONDS))
                    .as("a wake for a commit after the reconnect")
                    .isTrue();
        } finally {
            listening.close();
        }
        assertThat(listenerConnections())
                .as("closing ends the listener's connection")
                .isZero();
    }

    @Test
    void theInboxOfIdempotentMethodsAppliesAMessageOnceAndForgetsItWhenTheWorkFails() throws Exception {
        final ReactiveInbox inbox = new ReactiveInbox(pool);
        final AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> inbox.once("m1", "items", () -> {
                    calls.incrementAndGet();
                    insertItem(inbox.transaction(), "m1");
                    throw new IllegalStateException("the consumer fails");
                }))
                .hasMessage("the consumer fails");
        final AtomicInteger applied = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            if (inbox.once("m1", "items", () -> {
                calls.incrementAndGet();
                insertItem(inbox.transaction(), "m1");
                return null;
            })) {
                applied.incrementAndGet();
            }
        }
        assertThat(applied).hasValue(1);
        assertThat(calls).as("once failed, once applied, twice dropped").hasValue(2);
        assertThat(items()).isEqualTo(1);
        assertThatThrownBy(inbox::transaction)
                .as("no message is being applied on this thread")
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("outside an @Idempotent method");
    }

    @Test
    void theReactiveInboxAppliesAMessageOnceAndForgetsItWhenTheWorkFails() {
        final ReactiveInbox inbox = new ReactiveInbox(pool);
        assertThatThrownBy(() -> inbox.once("m1", "items", connection -> connection
                                .query("INSERT INTO items (id) VALUES ('m1')")
                                .execute()
                                .compose(inserted ->
                                        Future.failedFuture(new IllegalStateException("the consumer fails"))))
                        .await())
                .hasMessage("the consumer fails");
        assertThat(inbox.once("m1", "items", connection -> connection
                                .query("INSERT INTO items (id) VALUES ('m1')")
                                .execute())
                        .await())
                .as("applied")
                .isTrue();
        assertThat(inbox.once("m1", "items", connection -> Future.failedFuture(new AssertionError("not called")))
                        .await())
                .as("a copy is dropped")
                .isFalse();
        assertThat(items()).isEqualTo(1);
    }

    @Test
    void theTraceParentCurrentAtPublishIsKeptWithTheEventAndNoneWithoutATracer() {
        final String traced = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        final ReactiveOutbox tracing = new ReactiveOutbox(
                pool,
                vertx,
                (channel, event) -> event.toString().getBytes(StandardCharsets.UTF_8),
                1_000,
                Clock.systemUTC(),
                () -> OutboxNotifications.named(options(), LISTENER),
                () -> Optional.of(traced));
        createItem(tracing, "traced").await();
        createItem(outbox, "untraced").await();
        assertThat(outbox.pending(10))
                .extracting(record -> record.key().orElseThrow(), OutboxRecord::traceParent)
                .containsExactly(tuple("traced", Optional.of(traced)), tuple("untraced", Optional.empty()));
    }

    @Test
    void thePurgeForgetsIdsReceivedBeforeTheCutInBatchesAndKeepsTheRest() {
        final ReactiveInbox inbox = new ReactiveInbox(pool);
        final int old = ReactiveInbox.PURGE_BATCH * 2 + 7;
        pool.query("INSERT INTO jzenith_inbox (message_id, channel, received_at) SELECT 'old-' || n, 'items', n"
                        + " FROM generate_series(1, " + old + ") AS n")
                .execute()
                .await();
        assertThat(inbox.once("recent", "items", connection -> Future.succeededFuture())
                        .await())
                .isTrue();

        assertThat(inbox.purge(Instant.now().minusSeconds(60)))
                .as("every id received before the cut, over three batches")
                .isEqualTo(old);
        assertThat(inbox.once("recent", "items", connection -> Future.failedFuture(new AssertionError("a copy")))
                        .await())
                .as("the recent id is kept: its copy is still dropped")
                .isFalse();
        assertThat(inbox.once("old-1", "items", connection -> Future.succeededFuture())
                        .await())
                .as("a copy of a forgotten id is applied again")
                .isTrue();
    }

    private static void insertItem(final SqlConnection transaction, final String id) {
        transaction
                .query("INSERT INTO items (id) VALUES ('" + id + "')")
                .execute()
                .await();
    }

    /** Ends the listener's backend, as a failover or an administrator would; the number ended. */
    private int terminateListener() throws SQLException {
        return count("SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '"
                + LISTENER + "'");
    }

    private int listenerConnections() throws SQLException {
        return count("SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = '" + LISTENER + "'");
    }

    private int count(final String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement statement = connection.createStatement();
                ResultSet counted = statement.executeQuery(sql)) {
            counted.next();
            return counted.getInt(1);
        }
    }
}
