package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivateKafka;

/**
 * PostgreSQL's {@code LISTEN/NOTIFY} wakes the relay of another instance: two user services on one
 * PostgreSQL outbox (a schema of the test's own, dropped after) with {@code outbox.poll-interval=30s};
 * instance B holds the lease, users are created through instance A, and each event reaches the audit
 * service within 5 s, where without the notification it would wait for B's next poll (up to 30 s).
 * A bound on a wake-up, not a timing benchmark.
 */
class OutboxWakeUpIT {

    private static final Duration POLL = Duration.ofSeconds(30);
    private static final Duration WAKE_UP = Duration.ofSeconds(5);
    private static final String RELAYS = "This instance relays the outbox";

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    @Test
    void aCommitInOneInstanceWakesTheRelayOfAnother() throws Exception {
        final LocalServices.Database postgres = LocalServices.postgresql();
        final String schema =
                "jzenith_outbox_wake_" + UUID.randomUUID().toString().replace("-", "");
        execute(postgres, "CREATE SCHEMA " + schema);
        final Path folder = Files.createTempDirectory("outbox-wake");
        final String url = postgres.jdbcUrl() + "?currentSchema=" + schema;
        final UserServiceProcess a = instance(folder, "a", url, postgres);
        final UserServiceProcess b = instance(folder, "b", url, postgres);
        try {
            b.start();
            Await.until(Duration.ofSeconds(30), "instance B takes the lease", () -> b.log()
                    .contains(RELAYS));
            a.start();

            // The first event through B itself (its own commit wakes it): the audit service's consumer
            // has its partitions by then, so what follows times the wake-up, not the group's join.
            final String first = b.create("first").orElseThrow();
            Await.until(
                    Duration.ofSeconds(60), "the audit service has the first user", () -> OutboxChecks.audited(AUDIT)
                            .containsKey(first));

            final List<Long> millis = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                final long start = System.nanoTime();
                final String id = a.create("through-a-" + i).orElseThrow();
                Await.until(
                        WAKE_UP,
                        "user " + id + ", committed by instance A, reaches the audit service through B's relay"
                                + " well before B's next poll (" + POLL.toSeconds() + " s)",
                        () -> OutboxChecks.audited(AUDIT).containsKey(id));
                millis.add((System.nanoTime() - start) / 1_000_000);
            }
            assertThat(a.log()).as("instance A never relayed").doesNotContain(RELAYS);
            System.out.printf(
                    "OutboxWakeUpIT: commit in A to audited through B's relay (poll interval %d s): %s ms%n",
                    POLL.toSeconds(), millis);
        } finally {
            a.stop();
            b.stop();
            execute(postgres, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    private static UserServiceProcess instance(
            final Path folder, final String name, final String url, final LocalServices.Database postgres) {
        return UserServiceProcess.of(
                folder.resolve("user-service-" + name + ".log"),
                "jdbc.url=" + url,
                "jdbc.username=" + postgres.user(),
                "jdbc.password=" + postgres.password(),
                "kafka.bootstrap-servers=" + KAFKA.bootstrapServers(),
                "outbox.poll-interval=" + POLL.toSeconds() + "s",
                // B keeps the lease all along, so that only B relays; idle, it renews every 30 s.
                "outbox.lease=5m");
    }

    private static void execute(final LocalServices.Database postgres, final String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
