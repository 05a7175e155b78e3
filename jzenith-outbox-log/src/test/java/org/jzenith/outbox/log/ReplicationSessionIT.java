package org.jzenith.outbox.log;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * How the slot's reader waits, against a PostgreSQL cluster of the test's own with {@code
 * wal_level=logical}: with nothing to confirm it blocks on the server (no polling) and still wakes for
 * an event another connection commits; a confirm returns once its position was written to the server;
 * a stop is prompt whether the reader blocks on the server or polls, and a graceful one confirms what
 * was acknowledged; past its bound of buffered bytes the reader holds back and reads on once the relay
 * confirms, losing nothing.
 */
class ReplicationSessionIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    static final PrivatePostgresql POSTGRES = PrivatePostgresql.create().withSetting("wal_level", "logical");

    private final String slot = "session_it_" + UUID.randomUUID().toString().substring(0, 8);
    private final AtomicLong ids = new AtomicLong();
    private final List<ReplicationSession> sessions = new ArrayList<>();

    @BeforeEach
    void prepare() throws SQLException {
        try (Connection connection = connect()) {
            SlotSetup.prepare(connection, slot, "the test's PostgreSQL");
        }
    }

    @AfterEach
    void dropTheSlot() throws SQLException {
        sessions.forEach(ReplicationSession::close);
        Await.until(WAIT, "the slot is free", () -> !active());
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_drop_replication_slot('" + slot + "')");
            statement.execute("DROP PUBLICATION " + slot);
        }
    }

    @Test
    void anIdleReaderBlocksOnTheServerAndWakesForAnEventAnotherConnectionCommits() throws Exception {
        final ReplicationSession session = open(ReplicationSession.MAX_BUFFERED_BYTES);
        Await.until(WAIT, "the idle reader blocks on the server", session::waitingOnServer);

        // Committed elsewhere: nothing nudges this reader, the server's message wakes it.
        publish("from another instance");
        Await.until(WAIT, "the event is read", () -> session.pending(10).size() == 1);
        assertThat(session.waitingOnServer())
                .as("an event waits for the relay: the reader polls, to confirm at once")
                .isFalse();

        final long before = session.flushed();
        session.confirm(List.of(session.pending(10).getFirst().id()));
        assertThat(session.flushed())
                .as("confirm returned once the position was written to the server")
                .isGreaterThan(before);
        final long written = session.flushed();
        Await.until(WAIT, "the server confirmed it", () -> confirmedFlush() >= written);
        Await.until(WAIT, "idle again, the reader blocks on the server", session::waitingOnServer);
        assertThat(session.alive()).isTrue();
    }

    @Test
    void aReaderBlockedOnTheServerStopsPromptly() throws Exception {
        final ReplicationSession session = open(ReplicationSession.MAX_BUFFERED_BYTES);
        Await.until(WAIT, "the idle reader blocks on the server", session::waitingOnServer);

        assertThat(session.stop())
                .as("the reader ended by itself, not interrupted after the grace period")
                .isTrue();
        Await.until(WAIT, "the server let the slot go", () -> !active());
        assertThat(session.failure()).as("a stop is no failure").isEmpty();
    }

    @Test
    void aPollingReaderStopsPromptlyAndConfirmsWhatWasAcknowledged() throws Exception {
        final ReplicationSession first = open(ReplicationSession.MAX_BUFFERED_BYTES);
        publish("acknowledged");
        publish("not acknowledged");
        Await.until(WAIT, "both events are read", () -> first.pending(10).size() == 2);
        first.confirm(List.of(first.pending(10).getFirst().id()));

        assertThat(first.stop())
                .as("the reader ended by itself, not interrupted after the grace period")
                .isTrue();
        Await.until(WAIT, "the server let the slot go", () -> !active());

        final ReplicationSession second = open(ReplicationSession.MAX_BUFFERED_BYTES);
        Await.until(WAIT, "the unacknowledged event is read again", () -> !second.pending(10)
                .isEmpty());
        assertThat(second.pending(10))
                .as("the acknowledged event is not sent again")
                .extracting(ReplicationSessionIT::text)
                .containsExactly("not acknowledged");
    }

    @Test
    void pastItsBoundTheReaderHoldsBackAndReadsOnOnceTheRelayConfirms() throws Exception {
        final int frame = LogEvent.write(
                        UUID.randomUUID(),
                        Instant.now(),
                        "items",
                        "key",
                        Optional.empty(),
                        "event 0".getBytes(StandardCharsets.UTF_8))
                .length;
        // Room for three events: the fourth is left in the log until the relay confirms.
        final ReplicationSession session = open(3L * frame);
        final List<String> published = new ArrayList<>();
        for (int n = 0; n < 10; n++) {
            published.add("event " + n);
            publish("event " + n);
        }

        final List<String> relayed = new ArrayList<>();
        while (relayed.size() < published.size()) {
            final int expected = Math.min(3, published.size() - relayed.size());
            Await.until(
                    WAIT, expected + " events read", () -> session.pending(100).size() >= expected);
            if (published.size() - relayed.size() > 3) {
                Await.until(WAIT, "the reader holds back, its bound reached", session::holdingBack);
            }
            final List<OutboxRecord> batch = session.pending(100);
            assertThat(batch).as("never more buffered than the bound").hasSize(expected);
            batch.forEach(record -> relayed.add(text(record)));
            session.confirm(batch.stream().map(OutboxRecord::id).toList());
        }
        assertThat(relayed).as("every event once, in commit order").containsExactlyElementsOf(published);
        assertThat(session.alive()).isTrue();
    }

    private ReplicationSession open(final long maxBufferedBytes) throws SQLException {
        final ReplicationSession session = ReplicationSession.open(
                        new ReplicationTarget(
                                POSTGRES.database().jdbcUrl(), Optional.of(PrivatePostgresql.USER), Optional.empty()),
                        slot,
                        () -> {},
                        ids,
                        maxBufferedBytes)
                .orElseThrow(() -> new AssertionError("the slot is in use"));
        sessions.add(session);
        return session;
    }

    private void publish(final String event) throws SQLException {
        try (Connection connection = connect();
                PreparedStatement emit = connection.prepareStatement(LogOutboxStore.emit(slot, "?"))) {
            connection.setAutoCommit(false);
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
            connection.commit();
        }
    }

    private boolean active() {
        return query("SELECT active::text FROM pg_replication_slots WHERE slot_name = '" + slot + "'")
                .equals("true");
    }

    private long confirmedFlush() {
        return Long.parseLong(query("SELECT (confirmed_flush_lsn - '0/0'::pg_lsn)::bigint::text FROM"
                + " pg_replication_slots WHERE slot_name = '" + slot + "'"));
    }

    private static String query(final String sql) {
        try (Connection connection = connect();
                Statement statement = connection.createStatement();
                var rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        } catch (final SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(final OutboxRecord record) {
        return new String(record.payload(), StandardCharsets.UTF_8);
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(POSTGRES.database().jdbcUrl(), PrivatePostgresql.USER, "");
    }
}
