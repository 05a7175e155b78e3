package org.jzenith.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;

/**
 * In the test profile without cassandra.contact-points the plugin starts a node of its own, under the
 * dev services' folder, creates the keyspace there, migrates, and stops the node (and deletes its data)
 * with the application.
 */
class DevServiceIT {

    @Test
    void theTestProfileWithoutContactPointsStartsALocalNodeAndStopsItWithTheApplication() throws Exception {
        final Path folder = Path.of("target", "dev-services-it").toAbsolutePath();
        final CassandraPlugin plugin = CassandraPlugin.create().withMigrations("db/cassandra/V1__create_items.cql");
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withConfiguration("jzenith.profile", "test")
                .withConfiguration("jzenith.dev-services.directory", folder.toString())
                .withConfiguration("cassandra.keyspace", "dev_it")
                .start();
        final long pid;
        try {
            pid = plugin.devServicePid().orElseThrow();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
            try (var folders = Files.list(folder)) {
                assertThat(folders.map(path -> path.getFileName().toString()))
                        .anyMatch(name -> name.startsWith("cassandra-"));
            }
            final CassandraClient client = app.instance(CassandraClient.class);
            assertThat(Await.result(client.execute(
                                    "SELECT name FROM items WHERE id = 00000000-0000-0000-0000-000000000001"))
                            .one()
                            .getString("name"))
                    .isEqualTo("seeded; by V1");
            assertThat(Await.result(app.instance(CassandraHealthCheck.class).check())
                            .status())
                    .isEqualTo(HealthStatus.UP);
        } finally {
            app.stop();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
        assertThat(plugin.devServicePid()).isEmpty();
        try (var folders = Files.list(folder)) {
            assertThat(folders.map(path -> path.getFileName().toString()))
                    .noneMatch(name -> name.startsWith("cassandra-"));
        }
    }
}
