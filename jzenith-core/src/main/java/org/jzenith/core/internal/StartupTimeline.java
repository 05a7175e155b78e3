package org.jzenith.core.internal;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs at debug level how long each start-up phase took, so that a slow start can be pinned on
 * configuration, Vert.x, the injector or one plugin without a profiler: set the logger
 * {@code org.jzenith.core.internal.StartupTimeline} to debug in the application's logging backend.
 */
public final class StartupTimeline {
    private static final Logger LOG = LoggerFactory.getLogger(StartupTimeline.class);

    private final long startNanos;
    private long lastNanos;

    public StartupTimeline(final long startNanos) {
        this.startNanos = startNanos;
        this.lastNanos = startNanos;
    }

    /** Notes that {@code phase} has just finished. */
    public void reached(final String phase) {
        final long now = System.nanoTime();
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "start-up: {} done after {} ms (+{} ms)",
                    phase,
                    TimeUnit.NANOSECONDS.toMillis(now - startNanos),
                    TimeUnit.NANOSECONDS.toMillis(now - lastNanos));
        }
        lastNanos = now;
    }
}
