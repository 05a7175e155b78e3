package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Await;

/**
 * The termination sequence a load balancer can follow, on the user service as its own process: on
 * SIGTERM {@code /health/ready} answers 503 at once, while liveness and ordinary requests are still
 * served for the whole pre-stop delay; then the listener closes and the process exits with 0.
 */
class TerminationSequenceIT {

    private static final Pattern LISTENING = Pattern.compile("listening on http:(?:\\\\?/){2}[^:]+:(\\d+)");
    private static final Duration PRE_STOP_DELAY = Duration.ofSeconds(3);

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void onSigtermReadinessTurnsDownWhileRequestsAreStillServedThenTheProcessExitsZero() throws Exception {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final Process process = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        UserServiceApplication.class.getName(),
                        "--rest.port=0",
                        "--jzenith.shutdown.pre-stop-delay=" + PRE_STOP_DELAY.toSeconds() + "s")
                .redirectErrorStream(true)
                .start();
        final List<String> output = new CopyOnWriteArrayList<>();
        final CompletableFuture<Integer> port = new CompletableFuture<>();
        final Thread reader = Thread.ofVirtual().start(() -> read(process, output, port));
        try {
            final String base = "http://127.0.0.1:" + port.get(60, TimeUnit.SECONDS);
            assertThat(get(base + "/health/started").statusCode()).isEqualTo(200);
            assertThat(get(base + "/health/ready").statusCode()).isEqualTo(200);

            final long sigterm = System.nanoTime();
            process.toHandle().destroy(); // SIGTERM
            Await.until(
                    Duration.ofSeconds(2),
                    "/health/ready answers 503 soon after SIGTERM",
                    () -> get(base + "/health/ready").statusCode() == 503);
            final HttpResponse<String> ready = get(base + "/health/ready");
            final HttpResponse<String> live = get(base + "/health/live");
            final HttpResponse<String> created = post(base + "/users", "{\"name\":\"Late\"}");
            final Duration servedWithin = Duration.ofNanos(System.nanoTime() - sigterm);

            assertThat(servedWithin)
                    .as("everything above was asked during the pre-stop delay")
                    .isLessThan(PRE_STOP_DELAY);
            assertThat(ready.statusCode()).isEqualTo(503);
            assertThat(ready.body()).contains("\"name\":\"lifecycle\"", "\"status\":\"DOWN\"");
            assertThat(live.statusCode()).as("still alive while it drains").isEqualTo(200);
            assertThat(created.statusCode())
                    .as("a request that arrives during the delay is served: %s", created.body())
                    .isEqualTo(201);
            assertThat(process.isAlive()).isTrue();

            assertThat(process.waitFor(30, TimeUnit.SECONDS))
                    .as("stopped; output: %s", output)
                    .isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - sigterm))
                    .as("the listener stayed open for the pre-stop delay")
                    .isGreaterThanOrEqualTo(PRE_STOP_DELAY);
            assertThat(process.exitValue())
                    .as("exit status; output: %s", output)
                    .isZero();
            assertThat(reader.join(Duration.ofSeconds(10)))
                    .as("read to the end")
                    .isTrue();
            assertThat(output)
                    .anyMatch(line -> line.contains("Readiness is DOWN; still serving for 3000 ms"))
                    .anyMatch(line -> line.contains("jZenith stopped in"));
        } finally {
            process.destroyForcibly();
        }
    }

    private HttpResponse<String> get(final String uri) {
        return send(HttpRequest.newBuilder(URI.create(uri)).build());
    }

    private HttpResponse<String> post(final String uri, final String json) {
        return send(HttpRequest.newBuilder(URI.create(uri))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    private HttpResponse<String> send(final HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            throw new AssertionError(request.uri() + " was not answered: " + e, e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void read(final Process process, final List<String> output, final CompletableFuture<Integer> port) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                output.add(line);
                final Matcher listening = LISTENING.matcher(line);
                if (listening.find()) {
                    port.complete(Integer.parseInt(listening.group(1)));
                }
            }
            port.completeExceptionally(new IllegalStateException("exited before listening: " + output));
        } catch (final IOException e) {
            port.completeExceptionally(e);
        }
    }
}
