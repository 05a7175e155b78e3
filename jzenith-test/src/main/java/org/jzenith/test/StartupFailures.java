package org.jzenith.test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;

/**
 * The start-up failure contract that every plugin keeps: an application that cannot start with
 * its configuration stops {@link JZenith#start()} with a message naming the key to fix, shows no
 * password anywhere in the failure, and leaves nothing running behind.
 *
 * <pre>{@code
 * RuntimeException failure = StartupFailures.assertRefusesToStart(
 *         JZenith.application().withPlugins(JdbcPlugin.create())
 *                .withConfiguration("jdbc.url", "jdbc:postgresql://127.0.0.1:1/test")
 *                .withConfiguration("jdbc.password", SECRET),
 *         "jdbc.url", SECRET);
 * assertThat(failure).hasMessageContaining("Connection refused");
 * }</pre>
 */
public final class StartupFailures {

    /** How long the threads of a failed start may take to end. */
    private static final Duration SETTLE = Duration.ofSeconds(10);
    /** Threads that belong to what an application starts, daemon or not. */
    private static final List<String> APPLICATION_THREADS = List.of("vert.x-", "vertx-", "Hikari", "jzenith-");

    private StartupFailures() {}

    /**
     * Runs {@code app}, which must refuse to start, and returns the failure for further assertions.
     *
     * @param key the configuration key that the message must name
     * @param secrets values that must appear nowhere in the failure, its causes or their traces
     * @throws AssertionError when the application started (it is stopped again), when the message
     *     does not name {@code key}, shows a secret, or when a thread it started is still alive
     *     after a few seconds
     */
    public static RuntimeException assertRefusesToStart(final JZenith app, final String key, final String... secrets) {
        return assertRefusesToStart(SETTLE, app, key, secrets);
    }

    static RuntimeException assertRefusesToStart(
            final Duration settle, final JZenith app, final String key, final String... secrets) {
        final Set<Thread> before = Thread.getAllStackTraces().keySet();
        final RuntimeException failure;
        try {
            app.start();
        } catch (final StartupException | ConfigurationException e) {
            failure = e;
            checkMessage(failure, key, secrets);
            checkNothingLeft(before, settle);
            return failure;
        }
        app.stop();
        throw new AssertionError("the application started, though it was expected to refuse because of " + key);
    }

    private static void checkMessage(final RuntimeException failure, final String key, final String... secrets) {
        if (failure.getMessage() == null || !failure.getMessage().contains(key)) {
            throw new AssertionError("the failure does not name " + key + ": " + failure.getMessage(), failure);
        }
        final StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        for (int i = 0; i < secrets.length; i++) {
            if (!secrets[i].isEmpty() && trace.toString().contains(secrets[i])) {
                // Not the failure itself as the cause: the report would show the secret again.
                throw new AssertionError("the failure shows secret number " + (i + 1) + " (of " + secrets.length
                        + "); mask it. Its message: " + failure.getMessage().replace(secrets[i], "<secret>"));
            }
        }
    }

    private static void checkNothingLeft(final Set<Thread> before, final Duration settle) {
        try {
            Await.until(settle, "the threads of the failed start have ended", () -> leftOver(before)
                    .isEmpty());
        } catch (final AssertionError e) {
            throw new AssertionError("a failed start left threads running: "
                    + leftOver(before).stream().map(Thread::getName).collect(Collectors.joining(", ")));
        }
    }

    /** The threads started since {@code before} that would keep the JVM or the application alive. */
    private static Set<Thread> leftOver(final Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> !before.contains(thread) && thread.isAlive())
                // Netty's JVM-wide executor (not a daemon) ends by itself a second after its last task.
                .filter(thread -> !thread.getName().startsWith("globalEventExecutor"))
                .filter(thread -> !thread.isDaemon()
                        || APPLICATION_THREADS.stream()
                                .anyMatch(prefix -> thread.getName().startsWith(prefix)))
                .collect(Collectors.toSet());
    }
}
