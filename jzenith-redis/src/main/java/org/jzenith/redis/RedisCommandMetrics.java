package org.jzenith.redis;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The time Redis commands take and how many are in flight, under the names Vert.x's own Redis
 * metrics have ({@code vertx_redis_processing_time_seconds}, {@code vertx_redis_processing_pending}).
 * The plugin records them itself, once per command: Vert.x registers its gauge again for every
 * pooled connection, and Micrometer warns about each registration after the first.
 *
 * <p>Thread-safe.
 */
final class RedisCommandMetrics {

    private final Timer processing;
    private final LongAdder pending = new LongAdder();

    RedisCommandMetrics(final MeterRegistry registry) {
        this.processing = Timer.builder("vertx.redis.processing.time")
                .description("Processing time, from request start to response end")
                .register(registry);
        Gauge.builder("vertx.redis.processing.pending", pending, LongAdder::doubleValue)
                .description("Number of elements being processed")
                .register(registry);
    }

    /** {@code command}, timed and counted while in flight. */
    <T> Future<T> record(final Future<T> command) {
        final long start = System.nanoTime();
        pending.increment();
        return command.andThen(ignored -> {
            pending.decrement();
            processing.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        });
    }
}
