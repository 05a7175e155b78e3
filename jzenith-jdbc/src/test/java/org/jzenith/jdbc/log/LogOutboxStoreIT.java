package org.jzenith.jdbc.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.outbox.log.LogOutboxStore;
import org.jzenith.outbox.log.ReplicationTarget;
import org.jzenith.outbox.log.RetainedWal;
import org.jzenith.outbox.log.SetAsideEvents;
import org.jzenith.outbox.log.SlotSetup;
import org.jzenith.outbox.log.SlotStatus;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * The log store as the relay drives it, without the relay, on a cluster of the test's own with {@code
 * wal_level=logical}: what was read and not confirmed is read again by the next reader (a relay killed
 * between the broker's acknowledgement and the confirm resends, with the same event ids), a confirm
 * never passes a transaction whose events were not all acknowledged, and the slot's single reader is
 * the lease: a second store reads only once the first stopped or its connection died.
 */
class LogOutboxStoreIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    static final PrivatePostgresql POSTGRES = PrivatePostgresql.create().withSetting("wal_level", "logical");

    private final String slot = "store_it_" + UUID.randomUUID().toString().substring(0, 8);
    private final List<LogOutboxStore> stores = new ArrayList<>();

    @BeforeEach
    void prepare() throws SQLException {
        try (Connection connection = connect()) {
            SlotSetup.prepare(connection, slot, "the test's PostgreSQL");
        }
    }

    @AfterEach
    void dropTheSlot() throws SQLException {
        stores.forEach(store -> store.release("test"));
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            Await.until(WAIT, "the slot is free", () -> !status().active());
            statement.execute("SELECT pg_drop_replication_slot('" + slot + "')");
            statement.execute("DROP PUBLICATION " + slot);
        }
    }

    @Test
    void whatWasReadAndNotConfirmedIsReadAgainByTheNextReaderWithTheSameEventIds() throws Exception {
        publish(List.of("a1"), false);
        publish(List.of("b1", "b2"), false);
        publish(List.of("c1"), false);
        final LogOutboxStore first = store();
        assertThat(first.lease("first", Duration.ofSeconds(10))).isTrue();
        final List<OutboxRecord> read = awaitPending(first, 4);
        assertThat(read).extracting(LogOutboxStoreIT::text).containsExactly("a1", "b1", "b2", "c1");

        // Acknowledged: a1 and b1; the relay dies before b2 and c1 (b2's transaction is not whole).
        final String before = confirmedFlush();
        first.markSent(List.of(read.get(0).id(), read.get(1).id()));
        assertThat(first.pending(10)).extracting(LogOutboxStoreIT::text).containsExactly("b2", "c1");
        Await.until(WAIT, "a1's transaction is confirmed to the server", () -> !confirmedFlush()
                .equals(before));
        kill(first);

        final LogOutboxStore second = store();
        Await.until(WAIT, "a second reader takes the slot", () -> second.lease("second", Duration.ofSeconds(10)));
        final List<OutboxRecord> again = awaitPending(second, 3);
        assertThat(again)
                .as("b1 again, as its transaction's b2 was not acknowledged; a1 not again")
                .extracting(LogOutboxStoreIT::text)
                .containsExactly("b1", "b2", "c1");
        assertThat(again.get(0).eventId()).isEqualTo(read.get(1).eventId());
        assertThat(again.get(2).eventId()).isEqualTo(read.get(3).eventId());
        assertThat(again.get(2).key()).contains("key");
        assertThat(again.get(2).channel()).isEqualTo("items");
    }

    @Test
    void aRolledBackTransactionIsNeverRead() throws Exception {
        publish(List.of("rolled back"), true);
        publish(List.of("committed"), false);
        final LogOutboxStore store = store();
        assertThat(store.lease("one", Duration.ofSeconds(10))).isTrue();
        assertThat(awaitPending(store, 1)).extracting(LogOutboxStoreIT::text).containsExactly("committed");
    }

    @Test
    void aSecondStoreReadsOnlyOnceTheFirstStoppedOrDied() throws Exception {
        final LogOutboxStore first = store();
        final LogOutboxStore second = store();
        assertThat(first.lease("first", Duration.ofSeconds(10))).isTrue();
        assertThat(second.lease("second", Duration.ofSeconds(10)))
                .as("the slot has one active reader")
                .isFalse();
        assertThat(first.lease("first", Duration.ofSeconds(10))).as("renewed").isTrue();

        kill(first);
        Await.until(WAIT, "the second store takes over", () -> second.lease("second", Duration.ofSeconds(10)));
        publish(List.of("after the takeover"), false);
        assertThat(awaitPending(second, 1)).extracting(LogOutboxStoreIT::text).containsExactly("after the takeover");

        second.release("second");
        Await.until(WAIT, "the first store reads again", () -> first.lease("first", Duration.ofSeconds(10)));
    }

    @Test
    void confirmedEventsLetTheSlotForgetTheLog() throws Exception {
        final LogOutboxStore store = store();
        assertThat(store.lease("one", Duration.ofSeconds(10))).isTrue();
        publish(List.of("x".repeat(100_000)), false);
        final List<OutboxRecord> read = awaitPending(store, 1);
        Await.until(WAIT, "the slot holds the event's log back", () -> status().retainedBytes() > 100_000);
        store.markSent(List.of(read.get(0).id()));
        Await.until(WAIT, "the slot let the log go", () -> status().retainedBytes() < 100_000);
        assertThat(store.pending(10)).isEmpty();
    }

    @Test
    void anEventSetAsideIsKeptInTheFailedTableAndTheEventsBehindItFlow() throws Exception {
        final LogOutboxStore store = store();
        assertThat(store.lease("one", Duration.ofSeconds(10))).isTrue();
        publish(List.of("first", "refused", "third"), false);
        final List<OutboxRecord> read = awaitPending(store, 3);
        final OutboxRecord refused = read.get(1);
        final String confirmedBefore = confirmedFlush();

        store.setAside(refused.id(), "RecordTooLargeException: " + "x".repeat(2000));
        store.setAside(refused.id(), "again"); // idempotent
        store.setAside(-1, "an id this reader never read");

        assertThat(store.pending(10)).extracting(LogOutboxStoreIT::text).containsExactly("first", "third");
        assertThat(store.backlog().pending()).isEqualTo(2);
        assertThat(store.backlog().setAside()).isEqualTo(1);
        store.markSent(List.of(read.get(0).id(), read.get(2).id()));
        assertThat(store.pending(10)).isEmpty();
        Await.until(WAIT, "the slot confirmed past the event set aside", () -> !confirmedFlush()
                .equals(confirmedBefore));
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                var rows = statement.executeQuery(
                        "SELECT event_id, channel, record_key, payload, length(error) FROM jzenith_outbox_failed")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo(refused.eventId());
            assertThat(rows.getString(2)).isEqualTo("items");
            assertThat(rows.getString(3)).isEqualTo("key");
            assertThat(new String(rows.getBytes(4), StandardCharsets.UTF_8)).isEqualTo("refused");
            assertThat(rows.getInt(5)).isEqualTo(1000);
            assertThat(rows.next()).as("kept once").isFalse();
        }
    }

    private LogOutboxStore store() {
        final LogOutboxStore store = LogOutboxStore.of(
                () -> new ReplicationTarget(
                        POSTGRES.database().jdbcUrl(), Optional.of(PrivatePostgresql.USER), Optional.empty()),
                slot,
                new RetainedWal(slot, 1024),
                this::status,
                new FailedTable());
        stores.add(store);
        return store;
    }

    /** Ends the store's replication connection from the server, as when its process dies. */
    private void kill(final LogOutboxStore store) throws SQLException {
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_terminate_backend(active_pid) FROM pg_replication_slots WHERE slot_name = '"
                    + slot + "' AND active");
        }
        Await.until(WAIT, "the slot is free", () -> !status().active());
    }

    private SlotStatus status() {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                var rows = statement.executeQuery(SlotStatus.query(slot))) {
            return rows.next()
                    ? new SlotStatus(true, rows.getBoolean(1), rows.getLong(2), Optional.empty())
                    : SlotStatus.MISSING;
        } catch (final SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private String confirmedFlush() {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                var rows = statement.executeQuery(
                        "SELECT confirmed_flush_lsn::text FROM pg_replication_slots WHERE slot_name = '" + slot
                                + "'")) {
            rows.next();
            return rows.getString(1);
        } catch (final SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<OutboxRecord> awaitPending(final LogOutboxStore store, final int count) {
        Await.until(WAIT, count + " events read", () -> store.pending(100).size() >= count);
        return store.pending(100);
    }

    private void publish(final List<String> events, final boolean rollBack) throws SQLException {
        try (Connection connection = connect();
                PreparedStatement emit = connection.prepareStatement(LogOutboxStore.emit(slot, "?"))) {
            connection.setAutoCommit(false);
            for (final String event : events) {
                emit.setBytes(
                        1,
                        LogOutboxStore.frame(
                                UUID.randomUUID(),
                                Instant.now(),
                                "items",
                                "key",
                                Optional.empty(),
                                event.getBytes(StandardCharsets.UTF_8)));
                emit.executeQuery().close();
            }
            if (rollBack) {
                connection.rollback();
            } else {
                connection.commit();
            }
        }
    }

    /** The failed events' table as the plugins keep it, over plain JDBC on the test's cluster. */
    private static final class FailedTable implements SetAsideEvents {

        FailedTable() {
            try (Connection connection = connect();
                    Statement statement = connection.createStatement();
                    InputStream migration = LogOutboxStoreIT.class.getResourceAsStream(
                            "/org/jzenith/flyway/outbox/postgresql/V4__set_aside.sql")) {
                statement.execute("DROP TABLE IF EXISTS jzenith_outbox_failed");
                statement.execute(new String(migration.readAllBytes(), StandardCharsets.UTF_8));
            } catch (final SQLException | IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void keep(final OutboxRecord record, final Instant failedAt, final String error) {
            try (Connection connection = connect();
                    PreparedStatement insert = connection.prepareStatement(SetAsideEvents.insert(n -> "?"))) {
                insert.setString(1, record.eventId());
                insert.setString(2, record.channel());
                insert.setString(3, record.key().orElse(null));
                insert.setBytes(4, record.payload());
                insert.setLong(5, record.createdAt().toEpochMilli());
                insert.setLong(6, failedAt.toEpochMilli());
                insert.setString(7, record.traceParent().orElse(null));
                insert.setString(8, error);
                insert.setString(9, record.eventId());
                insert.executeUpdate();
            } catch (final SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public long count() {
            try (Connection connection = connect();
                    Statement statement = connection.createStatement();
                    var rows = statement.executeQuery(COUNT)) {
                rows.next();
                return rows.getLong(1);
            } catch (final SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static String text(final OutboxRecord record) {
        return new String(record.payload(), StandardCharsets.UTF_8);
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(POSTGRES.database().jdbcUrl(), PrivatePostgresql.USER, "");
    }
}
