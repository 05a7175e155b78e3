package org.jzenith.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one dev-service lifecycle, with a real child process as the server: started before the plugin
 * connects, stopped when the start fails after it, and stopped at stop, its files gone outside dev.
 */
class DevServiceLifecycleTest {

    private final Vertx vertx = Vertx.vertx();
    private final DevServiceLifecycle<Sleeper> lifecycle = DevServiceLifecycle.loggingAs(DevServiceLifecycleTest.class);

    @TempDir
    Path directory;

    @AfterEach
    void stopEverything() throws Exception {
        lifecycle.stopNow();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** A "server" that is a {@code sleep} process with a folder of its own. */
    private record Sleeper(DevProcess process, DevServices services) implements DevProcessServer {

        static Supplier<Sleeper> in(final DevServices services) {
            return () -> {
                final Path folder = services.folderFor("sleeper");
                try {
                    Files.writeString(folder.resolve("data"), "kept?");
                    final Process process = new ProcessBuilder("sleep", "60").start();
                    return new Sleeper(
                            DevProcess.watched(process, folder, services.keepsData(), Duration.ofSeconds(5)), services);
                } catch (final IOException e) {
                    throw new IllegalStateException(e);
                }
            };
        }

        @Override
        public String describe() {
            return "a sleeper (process " + pid() + ")";
        }
    }

    private static <T> T await(final Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void startsBeforeConnectingAndStopsAtStopDeletingItsFilesOutsideDev() throws Exception {
        final DevServices test = new DevServices("test", directory);
        final String connected = await(lifecycle.start(
                vertx,
                Optional.of(Sleeper.in(test)),
                running -> Future.succeededFuture(
                        "connected to " + running.orElseThrow().pid())));
        final Sleeper server = lifecycle.running().orElseThrow();
        assertThat(connected).isEqualTo("connected to " + server.pid());
        assertThat(lifecycle.pid()).contains(server.pid());
        assertThat(ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive)).contains(true);

        await(lifecycle.stop(vertx));

        assertThat(server.process().process().isAlive()).isFalse();
        assertThat(server.folder()).doesNotExist();
        assertThat(lifecycle.pid()).isEmpty();
        await(lifecycle.stop(vertx)); // a second stop has nothing to do
    }

    @Test
    void aConnectThatFailsStopsTheServerAndFailsWithItsOwnFailure() throws Exception {
        final DevServices dev = new DevServices("dev", directory);
        final Future<Void> started = lifecycle.start(
                vertx,
                Optional.of(Sleeper.in(dev)),
                running -> Future.failedFuture(new IllegalStateException("wrong password")));

        assertThatThrownBy(() -> await(started))
                .isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("wrong password");
        assertThat(lifecycle.pid()).isEmpty();
        assertThat(directory.resolve("sleeper").resolve("data"))
                .as("dev keeps the data for the next start")
                .hasContent("kept?");
        assertThat(ProcessHandle.allProcesses()
                        .filter(process -> process.info().command().orElse("").endsWith("sleep"))
                        .filter(process -> process.parent()
                                .map(parent ->
                                        parent.pid() == ProcessHandle.current().pid())
                                .orElse(false))
                        .filter(ProcessHandle::isAlive))
                .as("no sleeper of this JVM is left")
                .isEmpty();
    }

    @Test
    void withNothingToStartItOnlyConnects() throws Exception {
        final Optional<Sleeper> started = await(lifecycle.<Optional<Sleeper>>start(
                vertx, Optional.<Supplier<Sleeper>>empty(), Future::succeededFuture));
        assertThat(started).isEmpty();
        assertThat(lifecycle.running()).isEmpty();
    }

    @Test
    void aStartThatFailsLeavesNothingRunning() {
        final Supplier<Sleeper> broken = () -> {
            throw new IllegalStateException("redis-server did not start on 127.0.0.1:1");
        };
        assertThatThrownBy(
                        () -> await(lifecycle.start(vertx, Optional.of(broken), running -> Future.succeededFuture())))
                .hasRootCauseMessage("redis-server did not start on 127.0.0.1:1");
        assertThat(lifecycle.running()).isEmpty();
    }
}
