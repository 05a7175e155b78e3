package org.jzenith.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trains a real AOT cache with a real JVM, through the real launcher, for a tiny HTTP service,
 * and starts the service again with the cache required ({@code JZENITH_AOT=on}) as a small
 * container would: the cache made under the training's settings is accepted under those.
 */
class AotTrainerIT {

    @TempDir
    Path temp;

    private Distribution distribution;
    private final List<String> said = new ArrayList<>();

    @BeforeEach
    void tinyServiceDistribution() throws IOException {
        final Path jar = temp.resolve("tiny.jar");
        final String entry = TinyService.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file);
                InputStream in = TinyService.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        distribution = new Distribution(temp.resolve("tiny"), "tiny");
        distribution.build(jar, List.of(), TinyService.class.getName());
    }

    @Test
    void trainingWritesACacheThatTheLauncherThenRequiresAndGets() throws Exception {
        final Path cache = new AotTrainer(distribution, temp.resolve("training.log"), said::add)
                .repetitions(2)
                .train(
                        List.of(
                                new TrainingRequest("POST", "/echo", "{\"name\":\"Ada\"}"),
                                new TrainingRequest("GET", "/nothing-here", null).expecting(404)),
                        List.of());

        assertThat(cache).isEqualTo(distribution.aotCache()).isNotEmptyFile();
        assertThat(said).anyMatch(line -> line.contains("AOT training: wrote"));

        final int port = freePort();
        final ProcessBuilder builder = new ProcessBuilder(
                        distribution.launcher().toString(), "--rest.port=" + port)
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("run.log").toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("JZENITH_AOT", "on"); // -XX:AOTMode=on: the JVM exits if it cannot use the cache
        builder.environment().put("JZENITH_MEMORY_LIMIT", "128m");
        builder.environment().remove("JAVA_OPTS");
        final Process service = builder.start();
        try {
            assertThat(awaitLive(service, port))
                    .as(
                            "the service with the cache required; its log: %s",
                            AotTrainer.tail(temp.resolve("run.log"), 20))
                    .isTrue();
        } finally {
            service.destroy();
            service.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTrainingRequestThatFailsFailsTheTrainingWithTheAnswerAndTheLog() {
        final AotTrainer trainer = new AotTrainer(distribution, temp.resolve("training.log"), said::add).repetitions(1);

        assertThatThrownBy(() -> trainer.train(List.of(new TrainingRequest("GET", "/fail", null)), List.of()))
                .isInstanceOf(AotTrainer.TrainingException.class)
                .hasMessageContaining("the training request GET /fail was answered 500 {\"title\":\"it broke\"}")
                .hasMessageContaining("tiny service listening on")
                .hasMessageContaining("-Djzenith.aot.skip=true");
    }

    @Test
    void aServiceThatDoesNotStartFailsTheTrainingAndSaysSo() {
        final AotTrainer trainer = new AotTrainer(distribution, temp.resolve("training.log"), said::add);

        assertThatThrownBy(() -> trainer.train(List.of(), List.of("--rest.port=not-a-port")))
                .isInstanceOf(AotTrainer.TrainingException.class)
                .hasMessageContaining("the service exited with status 1 before it was live")
                .hasMessageContaining("NumberFormatException");
    }

    private static boolean awaitLive(final Process service, final int port) throws InterruptedException {
        final HttpClient client = HttpClient.newHttpClient();
        final HttpRequest live = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/live"))
                .timeout(Duration.ofSeconds(2))
                .build();
        for (int i = 0; i < 600 && service.isAlive(); i++) {
            try {
                if (client.send(live, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return true;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            // Between probes, wait on the process: a service that dies ends the wait at once.
            try {
                service.onExit().get(50, TimeUnit.MILLISECONDS);
            } catch (final TimeoutException stillRunning) {
                // probe again
            } catch (final ExecutionException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        return false;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
