package org.jzenith.core.store;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A dev service's server running as a child process (such as {@code redis-server} or a Kafka
 * broker), watched by a {@link DevServices.Watchdog} so that it ends should this JVM die without
 * stopping it. {@link #close()} stops it as the plugins do: SIGTERM (in {@code dev} the server saves
 * its data first), up to {@code stopWait} for it to end, then SIGKILL; then ends the watchdog and,
 * outside {@code dev}, deletes its folder.
 *
 * <pre>{@code
 * Process server = new ProcessBuilder(command).start();
 * DevProcess running = DevProcess.watched(server, folder, services.keepsData(), Duration.ofSeconds(10));
 * // ... later, off the event loop:
 * running.close();
 * }</pre>
 *
 * @param process the server's process
 * @param folder its files
 * @param keepsData whether the files stay when it stops
 * @param watchdog ends the server if the JVM dies without stopping it
 * @param stopWait how long it may take to end after SIGTERM, and after SIGKILL
 */
public record DevProcess(
        Process process, Path folder, boolean keepsData, DevServices.Watchdog watchdog, Duration stopWait)
        implements AutoCloseable {

    /**
     * {@code process}, with a watchdog started for it (see {@link DevServices#watch}).
     *
     * @throws java.io.UncheckedIOException when the watchdog cannot be started
     */
    public static DevProcess watched(
            final Process process, final Path folder, final boolean keepsData, final Duration stopWait) {
        return new DevProcess(process, folder, keepsData, DevServices.watch(process.pid(), "TERM"), stopWait);
    }

    /** The server's process id. */
    public long pid() {
        return process.pid();
    }

    /** Stops the server and waits until it has gone; outside {@code dev} deletes its files. Blocks. */
    @Override
    public void close() {
        try {
            process.destroy();
            try {
                if (!process.waitFor(stopWait.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(stopWait.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        } finally {
            watchdog.close();
            if (!keepsData) {
                DevServices.delete(folder);
            }
        }
    }
}
