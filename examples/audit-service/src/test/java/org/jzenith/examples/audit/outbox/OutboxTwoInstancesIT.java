package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivateKafka;

/**
 * Two user service instances on one PostgreSQL outbox (a schema of the test's own on the machine's
 * PostgreSQL, dropped after) under a write load to both, one of them stopped and started again in
 * the middle so that the relay changes hands: the broker gets each event once, counted by its
 * {@code jzenith-event-id}.
 */
class OutboxTwoInstancesIT {

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    @Test
    void twoInstancesShareTheOutboxWithoutSendingAnEventTwice() throws Exception {
        final LocalServices.Database postgres = LocalServices.postgresql();
        final String schema =
                "jzenith_outbox_pair_" + UUID.randomUUID().toString().replace("-", "");
        execute(postgres, "CREATE SCHEMA " + schema);
        try {
            final Path folder = Files.createTempDirectory("outbox-two");
            final String url = postgres.jdbcUrl() + "?currentSchema=" + schema;
            final List<UserServiceProcess> instances =
                    List.of(instance(folder, "a", url, postgres), instance(folder, "b", url, postgres));
            // One after the other: the first creates the tables, the second finds them.
            instances.get(0).start();
            instances.get(1).start();
            final AtomicInteger next = new AtomicInteger();
            final Set<String> acknowledged;
            final OutboxChecks.Load load = new OutboxChecks.Load(8, () -> instances.get(next.getAndIncrement() % 2));
            try (load) {
                // Loads of a given size, not of a given time: they hold on a slow machine too.
                awaitAcknowledged(load, 200, "through both instances");
                instances.get(0).stop(); // SIGTERM: its relay, if it held the lease, gives it up
                awaitAcknowledged(load, load.acknowledged().size() + 100, "through instance b alone");
                instances.get(0).start();
                awaitAcknowledged(load, load.acknowledged().size() + 200, "through both again");
            } finally {
                acknowledged = load.acknowledged();
            }
            final Set<String> stored;
            try {
                stored = OutboxChecks.users(url, postgres.user(), postgres.password());
                OutboxChecks.awaitAudited(AUDIT, stored, Duration.ofSeconds(90));
            } finally {
                for (final UserServiceProcess instance : instances) {
                    instance.stop();
                }
            }
            OutboxChecks.assertExactlyOnce(stored, OutboxChecks.audited(AUDIT), acknowledged);
            final OutboxChecks.AtTheBroker broker = OutboxChecks.atTheBroker(KAFKA.bootstrapServers());
            assertThat(broker.distinct()).isEqualTo(stored.size());
            assertThat(broker.records())
                    .as("records at the broker: each event once")
                    .isEqualTo(broker.distinct());
            assertThat(stored.size()).as("the load wrote users").isGreaterThan(100);
            System.out.printf(
                    "OutboxTwoInstancesIT: %d users stored through two instances, %d records at the broker%n",
                    stored.size(), broker.records());
        } finally {
            execute(postgres, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    private static void awaitAcknowledged(final OutboxChecks.Load load, final int users, final String how) {
        Await.until(
                Duration.ofSeconds(60),
                users + " users acknowledged " + how,
                () -> load.acknowledged().size() >= users);
    }

    private static UserServiceProcess instance(
            final Path folder, final String name, final String url, final LocalServices.Database postgres) {
        return UserServiceProcess.of(
                folder.resolve("user-service-" + name + ".log"),
                "jdbc.url=" + url,
                "jdbc.username=" + postgres.user(),
                "jdbc.password=" + postgres.password(),
                "kafka.bootstrap-servers=" + KAFKA.bootstrapServers());
    }

    private static void execute(final LocalServices.Database postgres, final String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
