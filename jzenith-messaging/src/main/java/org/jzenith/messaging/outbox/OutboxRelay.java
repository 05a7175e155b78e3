package org.jzenith.messaging.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the outbox's events to the broker: one virtual thread that, while it holds the outbox's lease,
 * reads the oldest unsent events ({@code outbox.batch-size}), hands them to the producer in that
 * order, waits for the broker's acknowledgements and marks the acknowledged ones sent. A commit in
 * this process wakes it at once, and so does a commit in another instance where the store can tell
 * ({@link OutboxStore#listen}: PostgreSQL's {@code LISTEN/NOTIFY}); otherwise it looks every {@code
 * outbox.poll-interval}, and at least every third of {@code outbox.lease} while it holds the lease,
 * to renew it. Sent events are purged after {@code outbox.retention}.
 *
 * <p><b>Guarantees.</b> At least once: an event is marked only after the broker acknowledged it, so a
 * crash between send and mark sends it again after the restart (with the same {@code
 * jzenith-event-id} header, which an {@code @Idempotent} consumer drops). In order per key: one
 * instance relays at a time (the lease), a batch is sent in id order through one idempotent producer,
 * and the next batch is read only after the previous one is marked. While the broker is away, sends
 * fail, nothing is marked, and the relay tries again with a backoff up to 5 s; the events wait in the
 * table. An event the broker refuses for good ({@link Refused}: too large, not authorized) is set
 * aside in the store with its error ({@link OutboxStore#setAside}), logged at ERROR and counted
 * ({@code outbox_records_total{outcome="set_aside"}}), and the events behind it flow.
 *
 * <p>Made and stopped by a connector plugin (Kafka's, RabbitMQ's) through {@link OutboxWiring} when a
 * store plugin binds an {@link OutboxStore}, sending through the connector's {@link Sender}; not for
 * applications. Knows no broker. Its methods may be called from any thread.
 */
public final class OutboxRelay {

    /**
     * Hands one event to the broker; the future completes when the broker acknowledged it, and fails
     * with {@link Refused} when the broker refused it in a way that sending it again cannot cure.
     */
    @FunctionalInterface
    public interface Sender {
        CompletableFuture<Void> send(OutboxRecord record);
    }

    /**
     * The broker refused an event for good (too large for its topic, not authorized, an invalid topic):
     * the relay sets it aside ({@link OutboxStore#setAside}) instead of sending it again and again,
     * so that the events behind it flow. A sender's future fails with it; its cause is the broker's.
     */
    public static final class Refused extends RuntimeException {

        private static final long serialVersionUID = 1L;

        /** The broker's refusal, {@code cause}. */
        public Refused(final Throwable cause) {
            super(cause);
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(OutboxRelay.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    private static final Duration PURGE_EVERY = Duration.ofMinutes(1);
    private static final Duration COUNT_EVERY = Duration.ofSeconds(1);

    private final OutboxStore store;
    private final OutboxConfiguration configuration;
    private final Sender sender;
    private final Counter sent;
    private final Counter failed;
    private final Counter setAside;
    private final String owner = ProcessHandle.current().pid() + "-" + UUID.randomUUID();
    private final Semaphore wake = new Semaphore(0);
    private final Clock clock = Clock.systemUTC();
    private volatile boolean running = true;
    // Whether this instance holds the lease: only then do other instances' commits wake it.
    private volatile boolean leader;
    private final Thread thread;

    private OutboxRelay(
            final OutboxStore store,
            final OutboxConfiguration configuration,
            final Sender sender,
            final MeterRegistry registry) {
        this.store = store;
        this.configuration = configuration;
        this.sender = sender;
        this.sent = Counter.builder("outbox_records_total")
                .description("Outbox events relayed, by outcome: sent (acknowledged and marked), failed (an attempt)")
                .tag("outcome", "sent")
                .register(registry);
        this.failed = Counter.builder("outbox_records_total")
                .description("Outbox events relayed, by outcome: sent (acknowledged and marked), failed (an attempt)")
                .tag("outcome", "failed")
                .register(registry);
        this.setAside = Counter.builder("outbox_records_total")
                .description("Outbox events relayed, by outcome: set_aside (refused by the broker for good)")
                .tag("outcome", "set_aside")
                .register(registry);
        store.onCommit(wake::release);
        this.thread = Thread.ofVirtual().name("jzenith-outbox-relay").unstarted(this::run);
    }

    /** A relay of {@code store}'s events through {@code sender}, started. */
    public static OutboxRelay start(
            final OutboxStore store,
            final OutboxConfiguration configuration,
            final Sender sender,
            final MeterRegistry registry) {
        final OutboxRelay relay = new OutboxRelay(
                Objects.requireNonNull(store, "store"),
                Objects.requireNonNull(configuration, "configuration"),
                Objects.requireNonNull(sender, "sender"),
                Objects.requireNonNull(registry, "registry"));
        relay.thread.start();
        LOG.info(
                "Relaying the outbox to the broker as {} (batches of {}, poll every {} ms, lease {} s)",
                relay.owner,
                configuration.batchSize(),
                configuration.pollInterval().toMillis(),
                configuration.lease().toSeconds());
        return relay;
    }

    /**
     * Stops after the round at hand (bounded by {@code timeout}) and gives the lease up, so another
     * instance takes over at once. Unsent events stay in the table.
     */
    public void stop(final Duration timeout) {
        running = false;
        wake.release();
        try {
            if (!thread.join(timeout)) {
                thread.interrupt();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        final OutboxStore.Listening listening = store.listen(() -> {
            if (leader) {
                wake.release();
            }
        });
        try {
            relay();
        } finally {
            listening.close();
        }
        if (leader) {
            try {
                store.release(owner);
            } catch (final RuntimeException e) {
                LOG.debug("Giving the outbox lease up failed; it expires by itself", e);
            }
        }
    }

    private void relay() {
        // Idle, the leader still renews its lease in time.
        final Duration idle =
                min(configuration.pollInterval(), configuration.lease().dividedBy(3));
        // A leader renews its lease once a sixth of it has passed, not every round: under load a round
        // is one batch, and a renewal each time was one more committed write per batch. Its sending
        // ends half a lease after the renewal (see send), so at least half the lease is left for the
        // marks, as when it renewed every round.
        final long renewEvery = configuration.lease().dividedBy(6).toNanos();
        Duration backoff = idle;
        long lastPurge = 0;
        long lastCount = 0;
        long renewed = 0;
        while (running) {
            try {
                final long now = System.nanoTime();
                if (now - lastCount > COUNT_EVERY.toNanos()) {
                    store.backlog();
                    lastCount = now;
                }
                if (!leader || now - renewed >= renewEvery) {
                    if (!store.lease(owner, configuration.lease())) {
                        if (leader) {
                            LOG.info("Another instance relays the outbox now; this one waits as a standby");
                        }
                        leader = false;
                        pause(configuration.pollInterval());
                        continue;
                    }
                    renewed = now;
                    if (!leader) {
                        LOG.info("This instance relays the outbox");
                        leader = true;
                    }
                }
                // Due or not, busy or idle: a relay that always finds a backlog must purge too.
                if (now - lastPurge > PURGE_EVERY.toNanos()) {
                    purge();
                    lastPurge = now;
                }
                final List<OutboxRecord> batch = store.pending(configuration.batchSize());
                if (batch.isEmpty()) {
                    pause(idle);
                    continue;
                }
                final Round round = send(batch, renewed + configuration.lease().toNanos() / 2);
                store.markSent(round.acknowledged());
                sent.increment(round.acknowledged().size());
                setAside(round.refused());
                final int done = round.acknowledged().size() + round.refused().size();
                if (done < batch.size()) {
                    failed.increment(batch.size() - done);
                    backOff(backoff);
                    backoff = min(backoff.multipliedBy(2), MAX_BACKOFF);
                } else {
                    backoff = idle;
                }
            } catch (final RuntimeException e) {
                LOG.warn(
                        "The outbox relay failed a round: {}; trying again in {} ms",
                        Failures.describe(e),
                        backoff.toMillis());
                backOff(backoff);
                backoff = min(backoff.multipliedBy(2), MAX_BACKOFF);
            }
        }
    }

    /**
     * What became of a batch.
     *
     * @param acknowledged the ids of the events the broker acknowledged
     * @param refused the events it refused for good, and how
     */
    private record Round(List<Long> acknowledged, Map<OutboxRecord, Throwable> refused) {}

    /**
     * Sets the events the broker refused for good aside, each with its error, so that the next batch
     * holds the events behind them; one ERROR each, naming the event and where to find it.
     */
    private void setAside(final Map<OutboxRecord, Throwable> refused) {
        refused.forEach((record, refusal) -> {
            final String error = refusal.getClass().getSimpleName() + ": " + Failures.describe(refusal);
            store.setAside(record.id(), error);
            setAside.increment();
            LOG.error(
                    "The broker refused outbox event {} (id {}, channel '{}') for good: {}; it is set aside"
                            + " (the outbox store keeps it with the error, see docs/messaging.md), and the events"
                            + " behind it are sent",
                    record.eventId(),
                    record.id(),
                    record.channel(),
                    error);
        });
    }

    /**
     * Hands the batch to the producer in order and waits until {@code deadline} (a {@link
     * System#nanoTime}, half a lease after its renewal) for the broker: the ids it acknowledged, and
     * the events it refused for good ({@link Refused}); the others are sent again later. A producer
     * that blocks (a full buffer, a topic without metadata) is given no more events past the
     * deadline, so the lease outlasts the round.
     */
    private Round send(final List<OutboxRecord> batch, final long deadline) {
        final List<CompletableFuture<Void>> sends = new ArrayList<>(batch.size());
        for (final OutboxRecord record : batch) {
            CompletableFuture<Void> send;
            if (System.nanoTime() - deadline >= 0) {
                send = CompletableFuture.failedFuture(
                        new TimeoutException("the producer took the events before it" + " past half the outbox lease"));
            } else {
                try {
                    send = sender.send(record);
                } catch (final RuntimeException e) {
                    send = CompletableFuture.failedFuture(e);
                }
            }
            sends.add(send);
        }
        final List<Long> acknowledged = new ArrayList<>(batch.size());
        final Map<OutboxRecord, Throwable> refused = new LinkedHashMap<>();
        Throwable firstFailure = null;
        for (int i = 0; i < batch.size(); i++) {
            try {
                sends.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                acknowledged.add(batch.get(i).id());
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (final java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof Refused refusal) {
                    refused.put(batch.get(i), refusal.getCause() == null ? refusal : refusal.getCause());
                } else if (firstFailure == null) {
                    firstFailure = e.getCause();
                }
            } catch (final TimeoutException e) {
                if (firstFailure == null) {
                    firstFailure = e instanceof TimeoutException ? e : e.getCause();
                }
            }
        }
        if (firstFailure != null) {
            LOG.warn(
                    "The broker did not take {} of {} outbox events: {}; they stay in the outbox and are sent again",
                    batch.size() - acknowledged.size() - refused.size(),
                    batch.size(),
                    firstFailure instanceof TimeoutException
                            ? "no acknowledgement within half the outbox lease ("
                                    + configuration.lease().toMillis() / 2 + " ms)"
                            : Failures.describe(firstFailure));
        }
        return new Round(acknowledged, refused);
    }

    private void purge() {
        final int purged = store.purge(clock.instant().minus(configuration.retention()));
        if (purged > 0) {
            LOG.debug("Purged {} sent outbox events older than {}", purged, configuration.retention());
        }
    }

    /** Waits {@code duration}, or less when a commit or {@link #stop} wakes it. */
    private void pause(final Duration duration) {
        try {
            if (wake.tryAcquire(duration.toNanos(), TimeUnit.NANOSECONDS)) {
                wake.drainPermits();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /** Waits {@code duration}, however many commits come meanwhile; less only when {@link #stop} is called. */
    private void backOff(final Duration duration) {
        final long deadline = System.nanoTime() + duration.toNanos();
        while (running && System.nanoTime() < deadline) {
            pause(Duration.ofNanos(deadline - System.nanoTime()));
        }
    }

    private static Duration min(final Duration a, final Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
