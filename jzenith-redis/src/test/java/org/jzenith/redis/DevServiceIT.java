package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.redis.client.RedisAPI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.services.LocalServices;

/**
 * The dev service: in the {@code test} (and {@code dev}) profile without {@code
 * redis.connection-string} the plugin starts the installed {@code redis-server} on a free port, and
 * stops it with the application; a configured connection string never starts one.
 */
class DevServiceIT {

    private static final Duration GONE = Duration.ofSeconds(20);

    private static Path directory(final String name) {
        return Path.of("target", "dev-services-it", name).toAbsolutePath();
    }

    @Test
    void theTestProfileWithoutAConnectionStringStartsARedisServerAndStopsIt() {
        final Path directory = directory("test-profile");
        final RedisPlugin plugin = RedisPlugin.create();
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withConfiguration("jzenith.profile", "test")
                .withConfiguration("jzenith.dev-services.directory", directory.toString())
                .start();
        final long pid;
        try {
            pid = plugin.devServicePid().orElseThrow();
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                    .as("redis-server's process")
                    .isPresent();
            final RedisAPI api = app.instance(RedisAPI.class);
            final String key = "dev-service-" + UUID.randomUUID();
            Await.result(api.set(List.of(key, "served")));
            assertThat(Await.result(api.get(key)).toString()).isEqualTo("served");
            final String port =
                    Await.result(api.config(List.of("GET", "port"))).get("port").toString();
            assertThat(Integer.parseInt(port)).isNotEqualTo(6379).isPositive();
        } finally {
            app.stop();
        }
        Await.until(GONE, "redis-server (process " + pid + ") has gone", () -> ProcessHandle.of(pid)
                .map(process -> !process.isAlive())
                .orElse(true));
        assertThat(plugin.devServicePid()).isEmpty();
        assertThat(children(directory)).as("the test profile's data is deleted").isEmpty();
    }

    @Test
    void aConfiguredPasswordIsRequiredByTheDevServer() {
        final RedisPlugin plugin = RedisPlugin.create();
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withConfiguration("jzenith.profile", "dev")
                .withConfiguration(
                        "jzenith.dev-services.directory", directory("password").toString())
                .withConfiguration("redis.password", "dev-secret-4711")
                .start();
        final long pid = plugin.devServicePid().orElseThrow();
        try {
            assertThat(Await.result(app.instance(RedisAPI.class).config(List.of("GET", "requirepass")))
                            .get("requirepass")
                            .toString())
                    .isEqualTo("dev-secret-4711");
        } finally {
            app.stop();
        }
        Await.until(GONE, "redis-server (process " + pid + ") has gone", () -> ProcessHandle.of(pid)
                .map(process -> !process.isAlive())
                .orElse(true));
    }

    @Test
    void theDevProfileKeepsItsDataForTheNextStart() {
        final Path directory = directory("dev-profile");
        final String key = "kept-" + UUID.randomUUID();
        for (int run = 1; run <= 2; run++) {
            final RedisPlugin plugin = RedisPlugin.create();
            final JZenith app = JZenith.application()
                    .withPlugins(plugin)
                    .withConfiguration("jzenith.profile", "dev")
                    .withConfiguration("jzenith.dev-services.directory", directory.toString())
                    .start();
            final long pid = plugin.devServicePid().orElseThrow();
            try {
                final RedisAPI api = app.instance(RedisAPI.class);
                if (run == 1) {
                    Await.result(api.set(List.of(key, "from the first run")));
                } else {
                    assertThat(Await.result(api.get(key)).toString()).isEqualTo("from the first run");
                }
            } finally {
                app.stop();
            }
            Await.until(GONE, "redis-server (process " + pid + ") has gone", () -> ProcessHandle.of(pid)
                    .map(process -> !process.isAlive())
                    .orElse(true));
        }
        assertThat(directory.resolve("redis/dump.rdb")).exists();
    }

    @Test
    void aConfiguredConnectionStringDisablesTheDevService() {
        final LocalServices.Redis server = LocalServices.redis();
        final Path directory = directory("configured");
        final RedisPlugin plugin = RedisPlugin.create();
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withConfiguration("jzenith.profile", "test")
                .withConfiguration("jzenith.dev-services.directory", directory.toString())
                .withConfiguration("redis.connection-string", server.uri())
                .start();
        try {
            assertThat(plugin.devServicePid()).isEmpty();
            assertThat(Await.result(app.instance(RedisAPI.class).ping(List.of()))
                            .toString())
                    .isEqualTo("PONG");
        } finally {
            app.stop();
        }
        assertThat(directory).doesNotExist();
    }

    private static List<Path> children(final Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (var stream = Files.list(directory)) {
            return stream.toList();
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
