package org.jzenith.core.health;

/**
 * Where the application is in its life, as its probes report it: {@code /health/started} is DOWN
 * while it is {@link Stage#STARTING}, {@code /health/ready} is DOWN unless it is {@link
 * Stage#SERVING}. Injectable, for code that should stop taking work of its own accord when the
 * application stops (a consumer that stops polling):
 *
 * <pre>{@code
 * if (lifecycle.stage() != Lifecycle.Stage.SERVING) { return; }
 * }</pre>
 *
 * <p>Thread-safe; may be read from any thread.
 */
public interface Lifecycle {

    /** The stages, in the order an application goes through them. */
    enum Stage {
        /** The plugins are starting; not ready for traffic yet. */
        STARTING,
        /** Every plugin has started; the application takes traffic. */
        SERVING,
        /**
         * Stopping was asked for (SIGTERM or {@code stop()}): readiness is DOWN at once, so that load
         * balancers send no new requests, while the server keeps answering for {@code
         * jzenith.shutdown.pre-stop-delay} before it closes.
         */
        STOPPING
    }

    /** The current stage. */
    Stage stage();

    /** A lifecycle that is always serving, for health checks run outside an application. */
    static Lifecycle serving() {
        return () -> Stage.SERVING;
    }
}
