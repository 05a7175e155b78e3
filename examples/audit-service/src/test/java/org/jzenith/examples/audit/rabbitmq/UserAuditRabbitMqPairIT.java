package org.jzenith.examples.audit.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.examples.audit.AuditServiceApplication;
import org.jzenith.examples.users.UserServiceApplication;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;

/**
 * The pair on RabbitMQ, chosen by setting alone: both services set {@code
 * messaging.channels."users.events".connector=rabbitmq} and the machine's server; the user service
 * publishes through its emitter ({@code user.events=kafka}: the emitter, whichever broker serves its
 * channel), the audit service consumes from its queue. Exchange and queue have names of this run's
 * own, deleted afterwards; the names the services use by default are left alone.
 */
class UserAuditRabbitMqPairIT {

    @RegisterExtension
    @Order(1)
    static final RabbitMqNames NAMES = RabbitMqNames.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension USERS = onRabbitMq(JZenithExtension.of(UserServiceApplication::application), NAMES)
            .withConfiguration("user.events", "kafka")
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-h2"));

    @RegisterExtension
    @Order(3)
    static final JZenithExtension AUDIT = onRabbitMq(JZenithExtension.of(UserAuditRabbitMqPairIT::auditService), NAMES)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("audit-h2"));

    @Test
    void aCreatedAndDeletedUserAppearInTheAuditLog() {
        final TestResponse created = USERS.client().post("/users", Map.of("name", "Grace Hopper"));
        assertThat(created.status()).isEqualTo(201);
        final String id = created.json().get("id").asText();
        assertThat(USERS.client().delete("/users/" + id).status()).isEqualTo(204);

        Await.until(
                Duration.ofSeconds(30),
                "the audit log has both events of user " + id,
                () -> entries(AUDIT, id).size() == 2);

        final List<JsonNode> entries = entries(AUDIT, id);
        assertThat(entries).extracting(e -> e.get("type").asText()).containsExactly("UserCreated", "UserDeleted");
        assertThat(entries.get(0).get("name").asText()).isEqualTo("Grace Hopper");
        assertThat(entries)
                .allSatisfy(e -> assertThat(e.get("deliveries").asInt()).isEqualTo(1));
        Await.until(Duration.ofSeconds(10), "the queue " + NAMES.queue() + " is empty", () -> NAMES.ready() == 0);
    }

    /** {@code service} on the machine's RabbitMQ, with the exchange and queue of {@code names}. */
    static JZenithExtension onRabbitMq(final JZenithExtension service, final RabbitMqNames names) {
        return service.withConfiguration("messaging.channels.\"users.events\".connector", "rabbitmq")
                .withConfiguration("rabbitmq.host", RabbitMqNames.HOST)
                .withConfiguration("rabbitmq.port", RabbitMqNames.PORT)
                .withConfiguration("rabbitmq.channels.\"users.events\".exchange", names::exchange)
                .withConfiguration("rabbitmq.channels.\"users.events\".queue", names::queue);
    }

    /** The audit entries of {@code userId}, oldest first. */
    static List<JsonNode> entries(final JZenithExtension audit, final String userId) {
        final TestResponse listed = audit.client().get("/audit");
        assertThat(listed.status()).isEqualTo(200);
        return StreamSupport.stream(listed.json().spliterator(), false)
                .filter(e -> e.get("userId").asText().equals(userId))
                .toList();
    }

    /**
     * The audit service, told of the user service's settings: both services' jzenith.properties are on
     * this test's classpath, and the audit service would refuse {@code user.store} as unknown.
     */
    static JZenith auditService(final String... args) {
        return AuditServiceApplication.application(args).withConfigurationMappings(UserServiceConfiguration.class);
    }

    static Path temporaryFolder(final String name) {
        try {
            return Files.createTempDirectory(name);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
