package org.jzenith.examples.audit.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.examples.audit.rabbitmq.UserAuditRabbitMqPairIT.entries;
import static org.jzenith.examples.audit.rabbitmq.UserAuditRabbitMqPairIT.onRabbitMq;
import static org.jzenith.examples.audit.rabbitmq.UserAuditRabbitMqPairIT.temporaryFolder;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.examples.users.UserServiceApplication;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;

/**
 * The pair on RabbitMQ through the user service's outbox ({@code user.events=outbox} on its embedded
 * H2): the relay of the plugin serving the channel, RabbitMQ's, sends each committed event, and the
 * audit service's {@code @Idempotent} consumer records it through its inbox. The Kafka plugin, which
 * serves no channel, neither relays nor purges the inbox.
 */
class UserAuditRabbitMqOutboxIT {

    @RegisterExtension
    @Order(1)
    static final RabbitMqNames NAMES = RabbitMqNames.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension USERS = onRabbitMq(JZenithExtension.of(UserServiceApplication::application), NAMES)
            .withConfiguration("user.events", "outbox")
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-h2"));

    @RegisterExtension
    @Order(3)
    static final JZenithExtension AUDIT = onRabbitMq(JZenithExtension.of(UserAuditRabbitMqPairIT::auditService), NAMES)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("audit-h2"));

    @Test
    void everyCommittedChangeReachesTheAuditLogOnceThroughTheOutbox() {
        final TestResponse created = USERS.client().post("/users", Map.of("name", "Barbara Liskov"));
        assertThat(created.status()).isEqualTo(201);
        final String id = created.json().get("id").asText();
        assertThat(USERS.client().delete("/users/" + id).status()).isEqualTo(204);

        Await.until(
                Duration.ofSeconds(30),
                "the audit log has the events of user " + id,
                () -> entries(AUDIT, id).size() == 2);

        final List<JsonNode> entries = entries(AUDIT, id);
        assertThat(entries).extracting(e -> e.get("type").asText()).containsExactly("UserCreated", "UserDeleted");
        assertThat(entries)
                .allSatisfy(e -> assertThat(e.get("deliveries").asInt()).isEqualTo(1));
    }
}
