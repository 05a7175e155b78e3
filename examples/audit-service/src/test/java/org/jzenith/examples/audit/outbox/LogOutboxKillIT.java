package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.Value;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.messaging.outbox.OutboxRelay;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateKafka;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * The user service with the log outbox ({@code outbox.mode=log}, the JDBC plugin on a PostgreSQL
 * cluster of the test's own with {@code wal_level=logical}), SIGKILLed under a write load of 8 writers
 * after the broker acknowledged a batch and before the replication slot's position moved past it: a
 * debugger ({@link Breakpoints}) stops the relay as it enters the log store's {@code markSent}, the
 * test waits until the server took every confirm the service wrote before, and kills the process. After
 * a restart on the same database and slot, and the relay's drain ({@link KillRun#restartAndDrain}):
 * every acknowledged user is stored, every stored user's event is at the broker and applied once by
 * the audit service (none lost), each event of the held batch was sent again, and no other event was:
 * the copies are bounded by the one batch.
 */
class LogOutboxKillIT {

    @RegisterExtension
    @Order(1)
    static final PrivatePostgresql POSTGRES = PrivatePostgresql.create().withSetting("wal_level", "logical");

    @RegisterExtension
    @Order(2)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(3)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    /** The log outbox's store (jzenith-outbox-log), which the relay drives. */
    private static final String LOG_STORE = "org.jzenith.outbox.log.LogOutboxStore";

    private static final String RELAY = OutboxRelay.class.getName();
    private static final Duration HIT_WITHIN = Duration.ofSeconds(60);

    @Test
    void killedAfterTheBrokerAcknowledgedBeforeTheSlotConfirmed() throws Exception {
        try (KillRun run = KillRun.startLog(POSTGRES, "log-before-confirm", KAFKA.bootstrapServers())) {
            final String held;
            // The batch's events the broker acknowledged: their position in the stream, and event id.
            final Map<Long, String> batch = new TreeMap<>();
            try (Breakpoints debugger = run.debugger()) {
                final Breakpoints.Hit hit = debugger.awaitEntry(
                        LOG_STORE,
                        "markSent",
                        entered -> entered.calledFrom(RELAY, "relay")
                                && !entered.elements(entered.argument(0)).isEmpty(),
                        HIT_WITHIN);
                held = hit.describe(4) + " (" + hit.passedBy() + " entries by other callers passed by)";
                final Set<Long> acknowledged = hit.elements(hit.argument(0)).stream()
                        .map(Breakpoints::longValue)
                        .collect(Collectors.toSet());
                for (final Value record : hit.elements(hit.local(RELAY, "relay", "batch"))) {
                    final long id = Breakpoints.longValue(Breakpoints.field(record, "id"));
                    if (acknowledged.contains(id)) {
                        batch.put(id, Breakpoints.string(Breakpoints.field(record, "eventId")));
                    }
                }
                // The position the store's reader last wrote to the server as confirmed (its session's
                // "flushed"): once the server has it, what it streams again is exactly what was not confirmed.
                final ObjectReference store = hit.thisObject(LOG_STORE, "markSent");
                final Value session = Breakpoints.field(Breakpoints.field(store, "session"), "value");
                run.awaitConfirmed(Breakpoints.longValue(Breakpoints.field(session, "flushed")));
                run.kill();
            }
            assertThat(batch)
                    .as("the acknowledged batch the relay was about to confirm")
                    .isNotEmpty();
            final Set<String> events = Set.copyOf(batch.values());
            assertThat(run.copiesAtTheBroker(events))
                    .as("each event of the batch at the broker once when the kill came")
                    .isEqualTo(events.stream().collect(Collectors.toMap(event -> event, event -> 1L)));

            final KillRun.Outcome outcome = run.restartAndDrain(AUDIT);
            final Map<String, Long> copies = run.copiesAtTheBroker(events);
            assertThat(copies)
                    .as("each event of the batch sent again, once, after the restart: the slot had not confirmed it")
                    .isEqualTo(events.stream().collect(Collectors.toMap(event -> event, event -> 2L)));
            assertThat(outcome.copies())
                    .as("records at the broker beyond one per event: the held batch's copies, no other event's")
                    .isEqualTo(events.size());
            System.out.printf(
                    "LogOutboxKillIT, killed after the broker's acknowledgement, before the slot's confirm: held %s;"
                            + " %d acknowledged events held unconfirmed (positions %s), at the broker %d times after"
                            + " the restart, each applied once; %s%n",
                    held,
                    events.size(),
                    batch.keySet(),
                    copies.values().stream().mapToLong(Long::longValue).sum(),
                    outcome.describe());
        }
    }
}
