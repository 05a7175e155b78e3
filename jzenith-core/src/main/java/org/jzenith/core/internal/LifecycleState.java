package org.jzenith.core.internal;

import org.jzenith.core.health.Lifecycle;

/**
 * The application's {@link Lifecycle}, moved on by {@code JZenith} as it starts and stops.
 * Thread-safe: the stage is a volatile field, written by the thread that starts or stops the
 * application and read by health routes on event loops.
 */
public final class LifecycleState implements Lifecycle {

    private volatile Stage stage = Stage.STARTING;

    @Override
    public Stage stage() {
        return stage;
    }

    /** Every plugin has started. */
    public void serving() {
        stage = Stage.SERVING;
    }

    /** Stopping was asked for; there is no way back. */
    public void stopping() {
        stage = Stage.STOPPING;
    }
}
