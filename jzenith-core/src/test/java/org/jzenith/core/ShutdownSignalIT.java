package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShutdownSignalIT {

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalStopsTheApplicationCleanlyAndExitsZero(final String signal) throws Exception {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final Process process = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SignalledApplication.class.getName())
                .redirectErrorStream(true)
                .start();
        final List<String> output = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> ready = new CompletableFuture<>();
        final Thread reader = Thread.ofVirtual().start(() -> readLines(process, output, ready));
        try {
            ready.get(30, TimeUnit.SECONDS);

            new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();

            assertThat(process.waitFor(15, TimeUnit.SECONDS))
                    .as("stopped within 15 s; output: %s", output)
                    .isTrue();
            assertThat(process.exitValue())
                    .as("exit status; output: %s", output)
                    .isZero();
            // The process has ended, but its last lines may still be on their way to the reader.
            assertThat(reader.join(Duration.ofSeconds(10)))
                    .as("read to the end")
                    .isTrue();
            assertThat(output).contains("PLUGIN STOPPED");
            assertThat(output).anyMatch(line -> line.contains("jZenith stopped in"));
        } finally {
            process.destroyForcibly();
        }
    }

    private static void readLines(
            final Process process, final List<String> output, final CompletableFuture<Void> ready) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                output.add(line);
                if (line.equals("READY")) {
                    ready.complete(null);
                }
            }
            ready.completeExceptionally(new IllegalStateException("exited before READY: " + output));
        } catch (final IOException e) {
            ready.completeExceptionally(e);
        }
    }
}
