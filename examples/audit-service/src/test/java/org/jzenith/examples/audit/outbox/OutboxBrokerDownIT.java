package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateKafka;

/**
 * The broker away for 10 s under a write load: the user service keeps taking writes and stays ready
 * (the outbox is the buffer), its health shows the backlog, and once the broker is back every event
 * arrives, each applied once.
 */
class OutboxBrokerDownIT {

    /** How long the broker is away under load. */
    private static final Duration OUTAGE = Duration.ofSeconds(10);

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    @Test
    void writesContinueWhileTheBrokerIsAwayAndEveryEventArrivesAfter() throws Exception {
        final Path folder = Files.createTempDirectory("outbox-broker-down");
        final String url = "jdbc:h2:file:" + folder.resolve("users")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
        final UserServiceProcess users = UserServiceProcess.of(
                folder.resolve("user-service.log"),
                "jdbc.url=" + url,
                "jdbc.username=sa",
                "kafka.bootstrap-servers=" + KAFKA.bootstrapServers());
        users.start();
        final Set<String> acknowledged;
        final int acknowledgedWhileAway;
        final OutboxChecks.Load load = new OutboxChecks.Load(4, () -> users);
        try (load) {
            // Under load first: writes acknowledged while the broker is there.
            Await.until(
                    Duration.ofSeconds(30),
                    "writes acknowledged before the outage",
                    () -> load.acknowledged().size() >= 20);
            KAFKA.stop();
            final long awaySince = System.nanoTime();
            final int before = load.acknowledged().size();
            Await.until(
                    Duration.ofSeconds(30),
                    "writes acknowledged while the broker is away",
                    () -> load.acknowledged().size() > before + 10);
            assertThat(users.ready()).as("ready while the broker is away").isEqualTo(200);
            // /health answers 503 (the kafka check is DOWN); the management port shows each check's data.
            final String health = users.management("/health").orElse("");
            assertThat(health).as("/health shows the backlog").contains("\"name\":\"outbox\"");
            assertThat(backlog(health)).as("events wait in the outbox").isPositive();
            // The outage lasts 10 s, as the scenario says, under load all along.
            Await.until(
                    Duration.ofSeconds(30), "10 s of outage", () -> System.nanoTime() - awaySince >= OUTAGE.toNanos());
            acknowledgedWhileAway = load.acknowledged().size() - before;
            KAFKA.start();
            final int afterwards = load.acknowledged().size();
            Await.until(
                    Duration.ofSeconds(30),
                    "writes acknowledged after the broker returned",
                    () -> load.acknowledged().size() > afterwards + 10);
        } finally {
            acknowledged = load.acknowledged();
        }
        assertThat(acknowledgedWhileAway)
                .as("users created while the broker was away")
                .isGreaterThan(10);
        try {
            // Every committed event sent, then the table read (H2's file opens in one process at a time).
            Await.until(Duration.ofSeconds(90), "the outbox is empty", () -> {
                try {
                    return backlog(users.management("/health").orElse("{\"checks\":[]}")) == 0;
                } catch (final java.io.IOException | AssertionError e) {
                    return false;
                }
            });
        } finally {
            users.stop();
        }
        final Set<String> stored = OutboxChecks.users(url, "sa", "");
        OutboxChecks.awaitAudited(AUDIT, stored, Duration.ofSeconds(90));
        OutboxChecks.assertExactlyOnce(stored, OutboxChecks.audited(AUDIT), acknowledged);
        System.out.printf(
                "OutboxBrokerDownIT: %d users stored, %d of them while the broker was away for 10 s%n",
                stored.size(), acknowledgedWhileAway);
    }

    /** The outbox check's {@code pending} in a {@code /health} body. */
    private static long backlog(final String health) throws java.io.IOException {
        for (final com.fasterxml.jackson.databind.JsonNode check : new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(health)
                .get("checks")) {
            if (check.get("name").asText().equals("outbox")) {
                return check.get("data").get("pending").asLong();
            }
        }
        throw new AssertionError("no outbox check in " + health);
    }
}
