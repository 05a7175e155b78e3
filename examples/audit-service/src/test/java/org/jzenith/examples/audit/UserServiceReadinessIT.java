package org.jzenith.examples.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.examples.users.UserServiceApplication;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.PrivateKafka;

/**
 * The user service's readiness when its broker dies: with {@code user.events=kafka} a request sends
 * to the broker itself, so readiness goes DOWN on the {@code kafka} check; with {@code
 * user.events=outbox} the outbox takes the events meanwhile, so readiness stays UP.
 */
class UserServiceReadinessIT {

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension DIRECT = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.events", "kafka")
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("kafka.health-timeout", "1s")
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-direct-h2"));

    @RegisterExtension
    @Order(3)
    static final JZenithExtension OUTBOX = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.events", "outbox")
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("kafka.health-timeout", "1s")
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-outbox-h2"));

    @Test
    void readinessFollowsTheBrokerOnlyWithoutTheOutbox() {
        assertThat(DIRECT.client().get("/health/ready").status()).isEqualTo(200);
        assertThat(OUTBOX.client().get("/health/ready").status()).isEqualTo(200);

        KAFKA.kill();

        Await.until(
                Duration.ofSeconds(30),
                "user.events=kafka: /health/ready answers 503 with the kafka check DOWN",
                () -> {
                    final TestResponse ready = DIRECT.client().get("/health/ready");
                    return ready.status() == 503 && ready.body().contains("\"name\":\"kafka\"");
                });
        final TestResponse ready = OUTBOX.client().get("/health/ready");
        assertThat(ready.status()).as(ready.body()).isEqualTo(200);
        assertThat(ready.body()).doesNotContain("\"name\":\"kafka\"");
        // The broker's state still shows on /health, where it does not take the service out of rotation.
        final TestResponse health = OUTBOX.client().get("/health");
        assertThat(health.body()).contains("\"name\":\"kafka\"", "\"name\":\"outbox\"");
    }

    private static Path temporaryFolder(final String name) {
        try {
            return Files.createTempDirectory(name);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
