package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.Value;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.jzenith.examples.users.persistence.JdbcUserDao;
import org.jzenith.examples.users.service.User;
import org.jzenith.messaging.outbox.OutboxRelay;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateKafka;

/**
 * The user service, publishing through the outbox, SIGKILLed at each of the three points of the
 * outbox's failure table, on H2 (a file) and on PostgreSQL, under a write load of 8 writers: a
 * debugger ({@link Breakpoints}, attached over JDWP) stops one thread exactly at the point, and the
 * test kills the process while that thread is held there. The service's code has no hook for it.
 * After a restart on the same database and the relay's drain, every case checks ({@link
 * KillRun#restartAndDrain}): every acknowledged user is stored, every stored user has exactly one
 * applied event in the audit service, no other user has one, and the broker holds every event of the
 * outbox. Each case then checks what its point implies, on the very rows the stopped thread held.
 */
class OutboxKillIT {

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    /** Hikari's connection: its commit() is the JDBC commit of every Jdbi transaction. */
    private static final String CONNECTION = "com.zaxxer.hikari.pool.ProxyConnection";
    /** The JDBC plugin's outbox store (package-private, hence by name). */
    private static final String JDBC_OUTBOX = "org.jzenith.jdbc.JdbcOutbox";

    private static final String USER_DAO = JdbcUserDao.class.getName();
    private static final String RELAY = OutboxRelay.class.getName();
    private static final Duration HIT_WITHIN = Duration.ofSeconds(60);

    /**
     * (1) Inside a user's transaction, its insert and its outbox row written, at the JDBC commit:
     * the user and its event roll back together.
     */
    @ParameterizedTest(name = "on {0}")
    @EnumSource(KillRun.Database.class)
    void killedBeforeTheCommit(final KillRun.Database database) throws Exception {
        try (KillRun run = KillRun.start(database, "before-commit-" + database, KAFKA.bootstrapServers())) {
            final String held;
            final String user;
            try (Breakpoints debugger = run.debugger()) {
                // JdbcUserDao.create's transaction commits after its callback (insert, Outbox.publish)
                // returned; the relay's statements run without a transaction and never commit.
                final Breakpoints.Hit hit = debugger.awaitEntry(
                        CONNECTION, "commit", entered -> entered.calledFrom(USER_DAO, "lambda$create"), HIT_WITHIN);
                held = describe(hit) + ", in the transaction of "
                        + Breakpoints.Hit.describe(
                                hit.frame(USER_DAO, "lambda$create").orElseThrow());
                user = Breakpoints.uuid(Breakpoints.field(hit.argument(USER_DAO, "lambda$create", User.class), "id"))
                        .toString();
                run.kill();
            }
            final KillRun.Outcome outcome = run.restartAndDrain(AUDIT);
            assertThat(outcome.stored())
                    .as("the user whose commit the kill stopped")
                    .doesNotContain(user);
            assertThat(outcome.audited())
                    .as("no event for the rolled-back user")
                    .doesNotContainKey(user);
            assertThat(outcome.acknowledged()).as("its request got no 201").doesNotContain(user);
            log(database, "before the commit", held, "user " + user + " rolled back; " + outcome.describe());
        }
    }

    /**
     * (2) In the relay, with a batch of committed events read from the table and none of it handed to
     * the producer: after the restart each is sent once.
     */
    @ParameterizedTest(name = "on {0}")
    @EnumSource(KillRun.Database.class)
    void killedAfterTheCommitBeforeTheSend(final KillRun.Database database) throws Exception {
        try (KillRun run = KillRun.start(database, "before-send-" + database, KAFKA.bootstrapServers())) {
            final String held;
            final Map<Long, String> batch = new TreeMap<>();
            try (Breakpoints debugger = run.debugger()) {
                final Breakpoints.Hit hit =
                        debugger.awaitEntry(RELAY, "send", entered -> entered.calledFrom(RELAY, "relay"), HIT_WITHIN);
                held = describe(hit);
                for (final Value record : hit.elements(hit.argument(0))) {
                    batch.put(
                            Breakpoints.longValue(Breakpoints.field(record, "id")),
                            Breakpoints.string(Breakpoints.field(record, "eventId")));
                }
                run.kill();
            }
            assertThat(batch).as("the batch the relay was about to send").isNotEmpty();
            final Map<Long, OutboxChecks.OutboxRow> rows = run.outbox();
            batch.forEach((id, event) -> assertThat(rows.get(id))
                    .as("row %d: committed, not marked sent", id)
                    .isNotNull()
                    .extracting(OutboxChecks.OutboxRow::eventId, OutboxChecks.OutboxRow::sent)
                    .containsExactly(event, false));
            final Set<String> events = Set.copyOf(batch.values());
            assertThat(run.copiesAtTheBroker(events))
                    .as("none of the batch at the broker when the kill came")
                    .isEmpty();
            final KillRun.Outcome outcome = run.restartAndDrain(AUDIT);
            assertThat(run.copiesAtTheBroker(events))
                    .as("each event of the batch sent once after the restart")
                    .isEqualTo(events.stream().collect(Collectors.toMap(event -> event, event -> 1L)));
            assertAppliedOnce(outcome, batch.keySet(), rows);
            log(
                    database,
                    "after the commit, before the send",
                    held,
                    batch.size() + " committed events held unsent (rows " + range(batch.keySet())
                            + "), each sent once after the restart; " + outcome.describe());
        }
    }

    /**
     * (3) In the relay, after the broker acknowledged a batch, as it calls the store's markSent: after
     * the restart the batch is sent again, and the audit service's inbox drops the copies.
     */
    @ParameterizedTest(name = "on {0}")
    @EnumSource(KillRun.Database.class)
    void killedAfterTheSendBeforeTheMark(final KillRun.Database database) throws Exception {
        try (KillRun run = KillRun.start(database, "before-mark-" + database, KAFKA.bootstrapServers())) {
            final String held;
            final List<Long> acknowledged;
            try (Breakpoints debugger = run.debugger()) {
                final Breakpoints.Hit hit = debugger.awaitEntry(
                        JDBC_OUTBOX,
                        "markSent",
                        entered -> entered.calledFrom(RELAY, "relay")
                                && !entered.elements(entered.argument(0)).isEmpty(),
                        HIT_WITHIN);
                held = describe(hit);
                acknowledged = hit.elements(hit.argument(0)).stream()
                        .map(Breakpoints::longValue)
                        .toList();
                run.kill();
            }
            final Map<Long, OutboxChecks.OutboxRow> rows = run.outbox();
            acknowledged.forEach(id -> assertThat(rows.get(id))
                    .as("row %d: acknowledged by the broker, not marked sent", id)
                    .isNotNull()
                    .extracting(OutboxChecks.OutboxRow::sent)
                    .isEqualTo(false));
            final Set<String> events =
                    acknowledged.stream().map(id -> rows.get(id).eventId()).collect(Collectors.toSet());
            assertThat(run.copiesAtTheBroker(events))
                    .as("each event of the batch at the broker once when the kill came")
                    .isEqualTo(events.stream().collect(Collectors.toMap(event -> event, event -> 1L)));
            final KillRun.Outcome outcome = run.restartAndDrain(AUDIT);
            final Map<String, Long> copies = run.copiesAtTheBroker(events);
            assertThat(copies.keySet()).isEqualTo(events);
            assertThat(copies.values())
                    .as("each event of the batch sent again after the restart")
                    .allMatch(count -> count >= 2);
            assertAppliedOnce(outcome, acknowledged, rows);
            assertThat(outcome.copies()).isGreaterThanOrEqualTo(events.size());
            log(
                    database,
                    "after the send, before the mark",
                    held,
                    events.size() + " acknowledged events held unmarked (rows " + range(acknowledged)
                            + "), at the broker "
                            + copies.values().stream()
                                    .mapToLong(Long::longValue)
                                    .sum()
                            + " times after the restart, each applied once; " + outcome.describe());
        }
    }

    /**
     * The events of outbox rows {@code ids} applied once each by the audit service (its entry of the
     * user, the row's key, counts one delivery): the inbox dropped every copy.
     */
    private static void assertAppliedOnce(
            final KillRun.Outcome outcome, final Collection<Long> ids, final Map<Long, OutboxChecks.OutboxRow> rows) {
        assertThat(ids)
                .allSatisfy(id -> assertThat(outcome.audited().get(rows.get(id).key()))
                        .as("deliveries of the event of row %d", id)
                        .isEqualTo(1));
    }

    private static String describe(final Breakpoints.Hit hit) {
        return hit.describe(4) + " (" + hit.passedBy() + " entries by other callers passed by)";
    }

    private static String range(final Collection<Long> ids) {
        return ids.stream().mapToLong(Long::longValue).min().orElse(0) + ".."
                + ids.stream().mapToLong(Long::longValue).max().orElse(0);
    }

    private static void log(
            final KillRun.Database database, final String point, final String held, final String outcome) {
        System.out.printf("OutboxKillIT %s, killed %s: held %s; %s%n", database, point, held, outcome);
    }
}
