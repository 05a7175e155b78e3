package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Probes;

/**
 * The {@code jdbc} check while every connection of the pool is lent out to requests: UP at once,
 * saying the pool is busy, instead of queueing behind the requests for {@code
 * jdbc.connection-timeout} and answering DOWN, which took a busy instance out of its load
 * balancer's rotation.
 */
class ReadinessUnderSaturationIT {

    @Test
    void aSaturatedPoolIsBusyNotDown() throws Exception {
        final Path directory = Files.createTempDirectory("jdbc-saturated");
        final JZenith app = JZenith.application()
                .withPlugins(JdbcPlugin.create())
                .withConfiguration("jdbc.embedded.directory", directory.toString())
                .withConfiguration("jdbc.pool.size", 2)
                .withConfiguration("jdbc.connection-timeout", "5s")
                .start();
        try {
            final DataSource dataSource = app.instance(DataSource.class);
            try (Connection first = dataSource.getConnection();
                    Connection second = dataSource.getConnection()) {
                final long start = System.nanoTime();
                final HealthResult result = Probes.readiness(app, JdbcHealthCheck.NAME);
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("did not queue for a connection")
                        .isLessThan(Duration.ofSeconds(3));
                assertThat(result.status()).as(result.toString()).isEqualTo(HealthStatus.UP);
                assertThat(result.data()).containsKey("busy").containsEntry("active", 2);
                assertThat(first.isValid(1) && second.isValid(1))
                        .as("the requests' connections")
                        .isTrue();
            }
            assertThat(Probes.readiness(app, JdbcHealthCheck.NAME).data())
                    .as("a free connection is asked again")
                    .doesNotContainKey("busy");
        } finally {
            app.stop();
        }
    }
}
