package org.jzenith.cassandra;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The time statements take and how many are in flight: {@code cassandra_statements_seconds{kind,
 * outcome}} ({@code kind} is {@code read} for a {@code SELECT}, else {@code write}; {@code outcome}
 * is {@code success}, {@code unavailable} for what answers 503, else {@code error}) and {@code
 * cassandra_statements_pending}. Thread-safe.
 */
final class CassandraMetrics {

    private final Timer[] timers = new Timer[6];
    private final LongAdder pending = new LongAdder();

    /** How a statement ended. */
    enum Outcome {
        SUCCESS,
        UNAVAILABLE,
        ERROR
    }

    CassandraMetrics(final MeterRegistry registry) {
        for (final Outcome outcome : Outcome.values()) {
            timers[index(true, outcome)] = timer(registry, "read", outcome);
            timers[index(false, outcome)] = timer(registry, "write", outcome);
        }
        Gauge.builder("cassandra.statements.pending", pending, LongAdder::doubleValue)
                .description("Statements sent and not yet answered")
                .register(registry);
    }

    /** A statement was sent; returns its start, for {@link #ended}. */
    long started() {
        pending.increment();
        return System.nanoTime();
    }

    void ended(final long start, final boolean read, final Outcome outcome) {
        pending.decrement();
        timers[index(read, outcome)].record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    private static Timer timer(final MeterRegistry registry, final String kind, final Outcome outcome) {
        return Timer.builder("cassandra.statements")
                .description("Time of CQL statements, from sending to the answer")
                .tag("kind", kind)
                .tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
                .register(registry);
    }

    private static int index(final boolean read, final Outcome outcome) {
        return (read ? 0 : 3) + outcome.ordinal();
    }
}
