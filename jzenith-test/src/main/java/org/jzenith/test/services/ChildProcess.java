package org.jzenith.test.services;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Ending the servers the test kit starts as child processes, the same way for each: SIGTERM and a
 * bounded wait, SIGKILL when that is not enough, and the JVM's shutdown hook taken away once the
 * server needs none.
 */
final class ChildProcess {

    private ChildProcess() {}

    /**
     * Ends {@code process} with SIGTERM, or with SIGKILL when {@code gracefully} is false or SIGTERM
     * did not end it within {@code timeout}; whether it had ended after the last wait.
     *
     * @param what the server, for the message when the wait is interrupted ("the private Redis on port 6380")
     */
    static boolean end(final Process process, final boolean gracefully, final Duration timeout, final String what) {
        try {
            if (gracefully) {
                process.destroy();
                if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
            return process.destroyForcibly().waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while ending " + what, e);
        }
    }

    /** Takes {@code hook} away from the JVM's shutdown hooks, unless the JVM is shutting down already. */
    static void removeShutdownHook(final Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (final IllegalStateException e) {
            // the JVM is shutting down already; the hook finds the server ended
        }
    }
}
