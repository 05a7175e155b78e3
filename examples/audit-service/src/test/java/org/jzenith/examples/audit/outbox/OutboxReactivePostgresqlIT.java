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
import java.util.Set;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivateKafka;

/**
 * The user service on the reactive PostgreSQL plugin ({@code user.store=postgresql}) with the outbox
 * ({@code user.events=outbox}, {@code PostgresqlPlugin.create().withOutbox()}), in a database of the
 * test's own on the machine's PostgreSQL, under a small write load over HTTP: each event is written
 * in the reactive transaction of its user, the Kafka plugin's relay sends it, and every committed
 * user has exactly one record at the broker and one applied event at the audit service.
 */
class OutboxReactivePostgresqlIT {

    private static final String DATABASE = "jzenith_reactive_outbox_e2e";
    // The user service's ports, in this branch's range.
    private static final int PORT = 21100;
    private static final int MANAGEMENT_PORT = 21101;

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    @Test
    void everyCommittedUserHasExactlyOneEvent() throws Exception {
        final LocalServices.Database server = LocalServices.postgresql();
        final LocalServices.Database postgres = server.withDatabase(DATABASE);
        execute(server.withDatabase("postgres"), "DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        execute(server.withDatabase("postgres"), "CREATE DATABASE " + DATABASE);
        final Path log = Files.createTempDirectory("reactive-outbox").resolve("user-service.log");
        final List<String> settings = new ArrayList<>(List.of(
                "user.store=postgresql",
                "postgresql.host=" + postgres.host(),
                "postgresql.port=" + postgres.port(),
                "postgresql.database=" + postgres.database(),
                "postgresql.username=" + postgres.user(),
                "kafka.bootstrap-servers=" + KAFKA.bootstrapServers()));
        if (!postgres.password().isEmpty()) {
            settings.add("postgresql.password=" + postgres.password());
        }
        final UserServiceProcess users =
                UserServiceProcess.of(log, PORT, MANAGEMENT_PORT, settings.toArray(String[]::new));
        try {
            users.start();
            assertThat(users.log())
                    .as("the reactive plugin made the outbox's tables")
                    .contains("outbox: 4 migrations applied from classpath:org/jzenith/flyway/outbox/postgresql");
            assertThat(users.management("/health/ready").orElseThrow())
                    .as("the outbox's backlog is a readiness detail")
                    .contains("\"name\":\"outbox\"")
                    .contains("\"pending\"");

            final Set<String> acknowledged;
            final OutboxChecks.Load load = new OutboxChecks.Load(4, () -> users);
            try (load) {
                // A load of a given size, not of a given time: a slow machine still writes enough users.
                Await.until(
                        Duration.ofSeconds(60),
                        "4 writers have 300 users acknowledged",
                        () -> load.acknowledged().size() >= 300);
            } finally {
                acknowledged = load.acknowledged();
            }
            final Set<String> stored = OutboxChecks.users(postgres.jdbcUrl(), postgres.user(), postgres.password());
            OutboxChecks.awaitAudited(AUDIT, stored, Duration.ofSeconds(90));

            OutboxChecks.assertExactlyOnce(stored, OutboxChecks.audited(AUDIT), acknowledged);
            final OutboxChecks.AtTheBroker broker = OutboxChecks.atTheBroker(KAFKA.bootstrapServers());
            assertThat(broker.distinct()).isEqualTo(stored.size());
            assertThat(broker.records())
                    .as("records at the broker: each event once")
                    .isEqualTo(broker.distinct());
            assertThat(load.refused()).as("no write refused under a small load").isZero();
            assertThat(stored.size()).as("the load wrote users").isGreaterThan(100);
            System.out.printf(
                    "OutboxReactivePostgresqlIT: %d users created over HTTP by 4 writers, %d records at the broker%n",
                    stored.size(), broker.records());
        } finally {
            users.stop();
            execute(server.withDatabase("postgres"), "DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        }
    }

    private static void execute(final LocalServices.Database database, final String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
