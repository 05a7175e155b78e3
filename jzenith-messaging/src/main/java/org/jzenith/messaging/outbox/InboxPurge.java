package org.jzenith.messaging.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.spi.outbox.InboxStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the inbox of {@code @Idempotent} consumers from growing for ever: one virtual thread that
 * forgets the message ids received more than {@code inbox.retention} ago, every tenth of the
 * retention (at least every second, at most every hour). Every instance of a service purges its
 * shared inbox; the deletes are bounded by age, so two instances purging at once delete each row
 * once. The first purge comes after a random part of the period, so instances started together
 * spread theirs. Meter: {@code inbox_purged_total}.
 *
 * <p>Made and stopped by a connector plugin through {@link OutboxWiring} when it has {@code @Idempotent} consumers; not for
 * applications. Its methods may be called from any thread.
 */
public final class InboxPurge {

    private static final Logger LOG = LoggerFactory.getLogger(InboxPurge.class);
    private static final Duration MIN_PERIOD = Duration.ofSeconds(1);
    private static final Duration MAX_PERIOD = Duration.ofHours(1);

    private final InboxStore inbox;
    private final Duration retention;
    private final Duration period;
    private final Counter purged;
    private final Clock clock = Clock.systemUTC();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread thread;

    private InboxPurge(final InboxStore inbox, final Duration retention, final MeterRegistry registry) {
        this.inbox = inbox;
        this.retention = retention;
        this.period = period(retention);
        this.purged = Counter.builder("inbox_purged_total")
                .description("Message ids the inbox forgot, older than inbox.retention")
                .register(registry);
        this.thread = Thread.ofVirtual().name("jzenith-inbox-purge").unstarted(this::run);
    }

    /** A purge of {@code inbox}'s ids older than {@code retention}, started. */
    public static InboxPurge start(final InboxStore inbox, final Duration retention, final MeterRegistry registry) {
        final InboxPurge purge = new InboxPurge(
                Objects.requireNonNull(inbox, "inbox"),
                Objects.requireNonNull(retention, "retention"),
                Objects.requireNonNull(registry, "registry"));
        purge.thread.start();
        LOG.info("Purging inbox ids older than {} (inbox.retention) every {} s", retention, purge.period.toSeconds());
        return purge;
    }

    /** How often ids older than {@code retention} are purged: a tenth of it, within 1 s and 1 h. */
    static Duration period(final Duration retention) {
        final Duration tenth = retention.dividedBy(10);
        if (tenth.compareTo(MIN_PERIOD) < 0) {
            return MIN_PERIOD;
        }
        return tenth.compareTo(MAX_PERIOD) > 0 ? MAX_PERIOD : tenth;
    }

    /** Stops, waiting at most {@code timeout} for a purge in progress. */
    public void stop(final Duration timeout) {
        stopped.countDown();
        try {
            if (!thread.join(timeout)) {
                thread.interrupt();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        long wait = ThreadLocalRandom.current().nextLong(period.toMillis()) + 1;
        while (sleep(wait)) {
            try {
                final int forgotten = inbox.purge(clock.instant().minus(retention));
                purged.increment(forgotten);
                if (forgotten > 0) {
                    LOG.debug("Purged {} inbox ids older than {}", forgotten, retention);
                }
            } catch (final RuntimeException e) {
                LOG.warn(
                        "Purging the inbox failed: {}; trying again in {} s", Failures.describe(e), period.toSeconds());
            }
            wait = period.toMillis();
        }
    }

    /** Waits {@code millis}; false once stopped. */
    private boolean sleep(final long millis) {
        try {
            return !stopped.await(millis, TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
