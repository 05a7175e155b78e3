package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.store.DevServices;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * In the dev profile without {@code rabbitmq.host} the plugin starts a {@code rabbitmq-server} of
 * its own, which the application's consumers and emitters use, and which goes (with its data) when
 * the application stops, on SIGTERM, and when its JVM is killed. Its processes are found by their
 * command line, which names the server's folder ({@code beam.smp ... -home <folder>/home}).
 */
class RabbitMqDevServiceIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final Duration GONE = Duration.ofSeconds(60);
    private static final String PASSWORD = "dev-secret-4711";

    private final Path directory =
            Path.of("target", "rabbitmq-dev-service-it-" + UUID.randomUUID()).toAbsolutePath();

    @AfterEach
    void deleteDirectory() {
        DevServices.delete(directory);
    }

    @Test
    void theDevProfileWithoutAServerStartsOneAsTheSettingsAccountAndStopsItWithTheApplication() throws Exception {
        final Inbox inbox = new Inbox();
        final RabbitMqPlugin plugin =
                RabbitMqPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class);
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("jzenith.profile", "dev")
                .withConfiguration("jzenith.dev-services.directory", directory.toString())
                // the server makes this account at its first start; the application connects as it
                .withConfiguration("rabbitmq.username", "orders-dev")
                .withConfiguration("rabbitmq.password", PASSWORD)
                .withConfiguration("rabbitmq.virtual-host", "shop")
                .start();
        final long pid;
        try {
            pid = plugin.devServicePid().orElseThrow();
            assertThat(serverProcesses()).isNotEmpty();
            assertThat(serverFolders()).hasSize(1);
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            emitter.send(Order.of("dev-1")).toCompletableFuture().get(30, TimeUnit.SECONDS);
            Await.until(WAIT, "the order consumed", () -> inbox.orders.contains(Order.of("dev-1")));
        } finally {
            app.stop();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
        assertThat(plugin.devServicePid()).isEmpty();
        assertThat(serverProcesses())
                .as("processes of the dev service's server; " + output())
                .isEmpty();
        assertThat(serverFolders()).as("the server's data").isEmpty();
    }

    @Test
    void aServiceRunInTheDevProfileEndsItsServerOnSigtermAndItsWatchdogEndsItWhenTheJvmIsKilled() throws Exception {
        final Process terminated = runService();
        try {
            awaitConsumed(terminated);
            assertThat(output())
                    .contains("Dev service (dev profile): started rabbitmq-server (")
                    .contains("(deleted when it stops)")
                    .doesNotContain(PASSWORD);
            assertThat(serverProcesses()).isNotEmpty();
        } finally {
            terminated.destroy();
        }
        assertThat(terminated.waitFor(GONE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(terminated.exitValue()).as(output()).isZero();
        assertThat(serverProcesses())
                .as("processes of the dev service's server; " + output())
                .isEmpty();
        assertThat(serverFolders()).as("the server's data").isEmpty();

        final Process killed = runService();
        try {
            awaitConsumed(killed);
        } finally {
            killed.destroyForcibly();
        }
        killed.waitFor();
        Await.until(GONE, "the watchdog ended the server of the killed JVM", () -> serverProcesses()
                .isEmpty());
    }

    @Test
    void outsideTheDevProfileTheServerStaysRequired() {
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(RabbitMqPlugin.create().withEmitter("orders", Order.class))
                                .withConfiguration("jzenith.profile", "test")
                                .withConfiguration("jzenith.dev-services.directory", directory.toString()),
                        "rabbitmq.host"))
                .hasMessageContaining("the RabbitMQ server to connect to");
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(RabbitMqPlugin.create().withEmitter("orders", Order.class))
                                .withConfiguration("jzenith.profile", "dev")
                                .withConfiguration("jzenith.dev-services.enabled", "false"),
                        "rabbitmq.host"))
                .hasMessageContaining("the RabbitMQ server to connect to");
    }

    /** The service in a JVM of its own, its output in the test's folder. */
    private Process runService() throws IOException {
        Files.createDirectories(directory);
        final String java = ProcessHandle.current().info().command().orElse("java");
        final Process process = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        DevServiceMain.class.getName(),
                        "--jzenith.profile=dev",
                        "--jzenith.dev-services.directory=" + directory,
                        "--rabbitmq.password=" + PASSWORD)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        directory.resolve("service.log").toFile()))
                .start();
        process.getOutputStream().close();
        return process;
    }

    private void awaitConsumed(final Process service) {
        Await.until(WAIT, "the service's order went round", () -> {
            if (!service.isAlive()) {
                throw new AssertionError("the service ended: " + output());
            }
            return output().contains(DevServiceMain.CONSUMED);
        });
    }

    private String output() {
        try {
            return Files.readString(directory.resolve("service.log"), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            return "";
        }
    }

    /**
     * The processes whose command line names a server folder in the test's folder: the server's
     * Erlang VM ({@code beam.smp ... -home <folder>/home}). The service's JVM names only the test's
     * folder itself.
     */
    private List<String> serverProcesses() {
        try {
            final Process pgrep = new ProcessBuilder(
                            "pgrep", "-a", "-f", directory.resolve("rabbitmq-").toString())
                    .redirectErrorStream(true)
                    .start();
            pgrep.getOutputStream().close();
            final String found = new String(pgrep.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            pgrep.waitFor();
            return found.lines().filter(line -> !line.isBlank()).toList();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private List<Path> serverFolders() throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> folders = Files.list(directory)) {
            return folders.filter(path -> path.getFileName().toString().startsWith("rabbitmq-"))
                    .toList();
        }
    }
}
