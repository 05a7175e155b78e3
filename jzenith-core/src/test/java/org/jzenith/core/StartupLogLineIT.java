package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: the start-up line said "process up 1689 ms" when 698 ms had passed since launch, since
 * Linux gives a process's start instant from the boot time in whole seconds. The figure is the
 * JVM's own uptime now, and this checks it against a clock outside the process.
 */
class StartupLogLineIT {

    private static final Pattern UP = Pattern.compile("\\((\\w+) up (\\d+) ms\\)");
    /** Rounding of two millisecond clocks and the time the line takes to reach this reader's clock. */
    private static final long TOLERANCE_MILLIS = 50;

    @Test
    void theLoggedUptimeIsNoLargerThanTheTimeSinceLaunchAndNamesItsClock() throws Exception {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final ProcessBuilder builder = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SignalledApplication.class.getName())
                .redirectErrorStream(true);
        final long launched = System.nanoTime();
        final Process process = builder.start();
        final List<String> output = new CopyOnWriteArrayList<>();
        final CompletableFuture<Long> logged = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> readLines(process, output, logged));
        try {
            final long outsideMillis = TimeUnit.NANOSECONDS.toMillis(logged.get(60, TimeUnit.SECONDS) - launched);
            final String line = output.stream()
                    .filter(text -> text.contains("jZenith started in"))
                    .findFirst()
                    .orElseThrow();
            final Matcher up = UP.matcher(line);
            assertThat(up.find()).as(line).isTrue();
            assertThat(Long.parseLong(up.group(2)))
                    .as("%s, %d ms after launch by the test's clock", line, outsideMillis)
                    .isPositive()
                    .isLessThanOrEqualTo(outsideMillis + TOLERANCE_MILLIS);
            assertThat(up.group(1)).as("the clock the line names: %s", line).isEqualTo("JVM");
        } finally {
            process.destroy();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** Completes {@code logged} with the {@code System.nanoTime()} at which the start-up line was read. */
    private static void readLines(
            final Process process, final List<String> output, final CompletableFuture<Long> logged) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                final long read = System.nanoTime();
                output.add(line);
                if (line.contains("jZenith started in")) {
                    logged.complete(read);
                }
            }
            logged.completeExceptionally(new IllegalStateException("exited before the start-up line: " + output));
        } catch (final IOException e) {
            logged.completeExceptionally(e);
        }
    }
}
