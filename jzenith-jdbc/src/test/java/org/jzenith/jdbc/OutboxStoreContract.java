package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.StatementContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.outbox.OutboxFullException;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.core.spi.outbox.TraceParents;
import org.jzenith.flyway.Migrations;

/**
 * What the JDBC outbox and inbox promise, on each database they support: events commit and roll back
 * with the caller's transaction, one relay holds the lease, sent events leave the backlog and are
 * purged, the backlog bound fails the transaction, an event keeps the trace context it was published
 * in, the inbox applies a message id once and forgets ids past their retention.
 */
abstract class OutboxStoreContract {

    Jdbi jdbi;
    private JdbcOutbox outbox;
    private DataSource source;

    /** A fresh, empty database of the kind under test. */
    abstract DataSource database();

    /** The vendor folder of its outbox migrations. */
    abstract String vendor();

    /**
     * How many outbox migrations the vendor has: V1 (the tables), V2 (traceparent, the inbox's
     * index) and the table of events set aside (V3) everywhere; PostgreSQL's V3 makes the relay's
     * index partial, so its table of events set aside is V4.
     */
    int migrations() {
        return 3;
    }

    @BeforeEach
    void migrate() {
        final DataSource database = database();
        source = database;
        jdbi = Jdbi.create(database);
        // The application's own table first, as a service has: the outbox's migrations still apply.
        jdbi.useHandle(handle -> handle.execute("CREATE TABLE items (id VARCHAR(36) PRIMARY KEY)"));
        final Migrations migrations = Migrations.of("jdbc", "the test database", text -> text);
        final ClassLoader loader = getClass().getClassLoader();
        assertThat(JdbcPlugin.migrateOutbox(database, vendor(), migrations, loader).migrationsExecuted)
                .as("every outbox migration of " + vendor())
                .isEqualTo(migrations());
        assertThat(JdbcPlugin.migrateOutbox(database, vendor(), migrations, loader).migrationsExecuted)
                .as("migrating again applies nothing")
                .isZero();
        outbox = outbox(3);
    }

    private long items() {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM items")
                .mapTo(Long.class)
                .one());
    }

    /** The connection an outbox's listener opens; of the test's database unless a test says otherwise. */
    Connection listenerConnection() throws SQLException {
        return source.getConnection();
    }

    JdbcOutbox outbox(final long maxPending) {
        return outbox(maxPending, TraceParents::current);
    }

    private JdbcOutbox outbox(final long maxPending, final Supplier<Optional<String>> traceParent) {
        return new JdbcOutbox(
                jdbi,
                (channel, event) -> event.toString().getBytes(StandardCharsets.UTF_8),
                maxPending,
                Clock.systemUTC(),
                this::listenerConnection,
                traceParent);
    }

    @Test
    void anEventCommitsWithTheTransactionAndRollsBackWithIt() {
        jdbi.useTransaction(handle -> {
            handle.execute("INSERT INTO items (id) VALUES ('a')");
            outbox.publish("items", "a", "created a");
        });
        assertThatThrownBy(() -> jdbi.useTransaction(handle -> {
                    handle.execute("INSERT INTO items (id) VALUES ('b')");
                    outbox.publish("items", "b", "created b");
                    throw new IllegalStateException("the business change fails");
                }))
                .hasMessage("the business change fails");

        final List<OutboxRecord> pending = outbox.pending(10);
        assertThat(pending).hasSize(1);
        assertThat(pending.getFirst().channel()).isEqualTo("items");
        assertThat(pending.getFirst().key()).contains("a");
        assertThat(new String(pending.getFirst().payload(), StandardCharsets.UTF_8))
                .isEqualTo("created a");
        assertThat(pending.getFirst().eventId()).hasSize(36);
        assertThat(outbox.backlog().pending()).isEqualTo(1);
    }

    @Test
    void publishOutsideATransactionIsRefusedAndWritesNothing() {
        assertThatThrownBy(() -> outbox.publish("items", "a", "created a"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("outside a transaction")
                .hasMessageContaining("jdbi.useTransaction");
        assertThat(outbox.pending(10)).isEmpty();
    }

    @Test
    void eventsComeOutInTheOrderPublishedAndLeaveTheBacklogWhenMarkedSent() {
        jdbi.useTransaction(handle -> {
            outbox.publish("items", "k", "1");
            outbox.publish("items", "k", "2");
        });
        jdbi.useTransaction(handle -> outbox.publish("items", "k", "3"));
        final List<OutboxRecord> pending = outbox.pending(10);
        assertThat(pending)
                .extracting(record -> new String(record.payload(), StandardCharsets.UTF_8))
                .containsExactly("1", "2", "3");
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
        jdbi.useTransaction(handle -> {
            outbox.publish("items", "k", "1");
            outbox.publish("items", "k", "2");
            outbox.publish("items", "k", "3");
        });
        final List<OutboxRecord> pending = outbox.pending(10);

        outbox.setAside(pending.get(0).id(), "RecordTooLargeException: " + "x".repeat(2000));
        outbox.setAside(pending.get(0).id(), "again"); // idempotent
        outbox.setAside(-1, "an id that never was");

        assertThat(outbox.pending(10))
                .extracting(OutboxRecord::id)
                .containsExactly(pending.get(1).id(), pending.get(2).id());
        final OutboxStore.Backlog backlog = outbox.backlog();
        assertThat(backlog.pending()).isEqualTo(2);
        assertThat(backlog.setAside()).isEqualTo(1);
        outbox.markSent(List.of(pending.get(1).id(), pending.get(2).id()));
        assertThat(outbox.purge(Instant.now().plusSeconds(1)))
                .as("the sent events, not the one set aside")
                .isEqualTo(2);
        // The query docs/messaging.md gives operators.
        final List<Map<String, Object>> failed = jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT id, event_id, channel, record_key, failed_at, error FROM jzenith_outbox_failed ORDER BY id")
                .mapToMap()
                .list());
        assertThat(failed).hasSize(1);
        assertThat(failed.getFirst())
                .containsEntry("event_id", pending.get(0).eventId())
                .containsEntry("channel", "items")
                .containsEntry("record_key", "k");
        assertThat((String) failed.getFirst().get("error"))
                .startsWith("RecordTooLargeException: xxx")
                .hasSize(1000);
        assertThat(outbox.backlog().setAside()).isEqualTo(1);
    }

    @Test
    void thePurgeDeletesSentEventsOlderThanTheCutInSeveralBatchedStatementsAndKeepsTheRest() {
        final long old = Instant.now().minus(Duration.ofDays(20)).toEpochMilli();
        final long recent = Instant.now().toEpochMilli();
        // More than two of the purge's batches of old sent events, beside unsent and recently sent ones.
        final int oldEvents = 2 * JdbcOutbox.PURGE_BATCH + 7;
        jdbi.useTransaction(handle -> {
            final PreparedBatch batch = handle.prepareBatch("INSERT INTO jzenith_outbox (event_id, channel,"
                    + " record_key, payload, created_at, sent_at) VALUES (:eventId, 'items', 'k', :payload, :at,"
                    + " :sentAt)");
            for (int i = 0; i < oldEvents + 20; i++) {
                final boolean unsent = i >= oldEvents + 10;
                batch.bind("eventId", "e-" + i)
                        .bind("payload", new byte[] {1})
                        .bind("at", old)
                        .bind("sentAt", unsent ? null : i < oldEvents ? old : recent)
                        .add();
            }
            batch.execute();
        });
        final AtomicInteger deletes = new AtomicInteger();
        jdbi.setSqlLogger(new SqlLogger() {
            @Override
            public void logAfterExecution(final StatementContext context) {
                if (context.getRawSql().startsWith("DELETE FROM jzenith_outbox")) {
                    deletes.incrementAndGet();
                }
            }
        });

        assertThat(outbox.purge(Instant.now().minus(Duration.ofDays(14)))).isEqualTo(oldEvents);
        assertThat(deletes)
                .as("DELETE statements: two full batches of %d and one of the rest", JdbcOutbox.PURGE_BATCH)
                .hasValue(3);
        final List<String> left =
                jdbi.withHandle(handle -> handle.createQuery("SELECT event_id FROM jzenith_outbox ORDER BY id")
                        .mapTo(String.class)
                        .list());
        assertThat(left)
                .as("the recently sent and the unsent events stay")
                .hasSize(20)
                .allMatch(id -> Integer.parseInt(id.substring(2)) >= oldEvents);
        assertThat(outbox.pending(100)).hasSize(10);
        assertThat(outbox.purge(Instant.now().minus(Duration.ofDays(14))))
                .as("nothing left to purge")
                .isZero();
    }

    @Test
    void oneOwnerHoldsTheLeaseUntilItReleasesOrItExpires() throws InterruptedException {
        assertThat(outbox.lease("a", Duration.ofSeconds(30))).isTrue();
        assertThat(outbox.lease("b", Duration.ofSeconds(30))).isFalse();
        assertThat(outbox.lease("a", Duration.ofSeconds(30))).as("renewed").isTrue();
        outbox.release("a");
        // Long enough that a slow machine's next statement still finds it held.
        assertThat(outbox.lease("b", Duration.ofSeconds(1))).isTrue();
        assertThat(outbox.lease("a", Duration.ofSeconds(30))).isFalse();
        Thread.sleep(1100);
        assertThat(outbox.lease("a", Duration.ofSeconds(30)))
                .as("b's lease expired")
                .isTrue();
    }

    @Test
    void pastTheBoundPublishFailsAndTheTransactionWithIt() {
        for (int i = 0; i < 3; i++) {
            final String key = "k" + i;
            jdbi.useTransaction(handle -> outbox.publish("items", key, key));
        }
        final JdbcOutbox counted = outbox(3); // a fresh instance counts the table on its first publish
        assertThatThrownBy(() -> jdbi.useTransaction(handle -> {
                    handle.execute("INSERT INTO items (id) VALUES ('late')");
                    counted.publish("items", "late", "late");
                }))
                .isInstanceOf(OutboxFullException.class)
                .hasMessageContaining("outbox.max-pending=3");
        assertThat(items())
                .as("the business row rolled back with the refused event")
                .isZero();
        assertThat(outbox.pending(10)).hasSize(3);
    }

    @Test
    void theInboxAppliesAMessageOnceAndForgetsItWhenTheWorkFails() throws Exception {
        final JdbcInbox inbox = new JdbcInbox(jdbi);
        final AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> inbox.once("m1", "items", () -> {
                    calls.incrementAndGet();
                    jdbi.useHandle(handle -> handle.execute("INSERT INTO items (id) VALUES ('m1')"));
                    throw new IllegalStateException("the consumer fails");
                }))
                .hasMessage("the consumer fails");
        final AtomicInteger applied = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            if (inbox.once("m1", "items", () -> {
                calls.incrementAndGet();
                jdbi.useHandle(handle -> handle.execute("INSERT INTO items (id) VALUES ('m1')"));
                return null;
            })) {
                applied.incrementAndGet();
            }
        }
        assertThat(applied).hasValue(1);
        assertThat(calls).as("once failed, once applied, twice dropped").hasValue(2);
        assertThat(items()).isEqualTo(1);
    }

    @Test
    void anEventKeepsTheTraceparentOfTheSpanItWasPublishedIn() {
        final SpanContext request = SpanContext.create(
                "4bf92f3577b34da6a3ce929d0e0e4736",
                "00f067aa0ba902b7",
                TraceFlags.getSampled(),
                TraceState.getDefault());
        try (Scope _ = Context.current().with(Span.wrap(request)).makeCurrent()) {
            jdbi.useTransaction(handle -> outbox.publish("items", "a", "in a request"));
            // A service that does not trace captures nothing, even where a span is current.
            jdbi.useTransaction(handle ->
                    outbox(3, TraceParents.capture(OpenTelemetry.noop())).publish("items", "b", "untraced service"));
        }
        jdbi.useTransaction(handle -> outbox.publish("items", "c", "outside any span"));

        final List<OutboxRecord> pending = outbox.pending(10);
        assertThat(pending)
                .extracting(OutboxRecord::traceParent)
                .containsExactly(
                        Optional.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"),
                        Optional.empty(),
                        Optional.empty());
        assertThat(pending.getFirst().traceParent().orElseThrow()).hasSize(TraceParents.LENGTH);
    }

    @Test
    void theInboxForgetsIdsOlderThanTheCutInBatchesAndAForgottenCopyIsAppliedAgain() throws Exception {
        final Instant now = Instant.now();
        final Instant old = now.minus(Duration.ofDays(20));
        // More than two of the purge's batches, written in one go: the purge must loop.
        final int oldIds = 2 * JdbcInbox.PURGE_BATCH + 7;
        jdbi.useTransaction(handle -> {
            final PreparedBatch batch = handle.prepareBatch(
                    "INSERT INTO jzenith_inbox (message_id, channel, received_at) VALUES (:id, 'items', :at)");
            for (int i = 0; i < oldIds; i++) {
                batch.bind("id", "old-" + i).bind("at", old.toEpochMilli()).add();
            }
            batch.execute();
        });
        final JdbcInbox inbox = new JdbcInbox(jdbi);
        assertThat(inbox.once("recent", "items", () -> null)).isTrue();
        assertThat(inbox.once("old-0", "items", () -> null))
                .as("a copy within the retention is dropped")
                .isFalse();

        assertThat(inbox.purge(now.minus(Duration.ofDays(14)))).isEqualTo(oldIds);
        assertThat(inbox.purge(now.minus(Duration.ofDays(14))))
                .as("nothing left to purge")
                .isZero();
        final long kept = jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM jzenith_inbox")
                .mapTo(Long.class)
                .one());
        assertThat(kept).as("the recent id stays").isEqualTo(1);
        assertThat(inbox.once("recent", "items", () -> null))
                .as("a copy of a kept id is still dropped")
                .isFalse();
        // The trade-off inbox.retention documents: a copy older than the retention is applied again.
        assertThat(inbox.once("old-0", "items", () -> null)).isTrue();
    }
}
