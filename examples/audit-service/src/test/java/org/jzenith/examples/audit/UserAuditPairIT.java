package org.jzenith.examples.audit;

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
import org.jzenith.examples.users.UserServiceApplication;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.PrivateKafka;

/**
 * The pair: the user service publishes through its emitter ({@code user.events=kafka}), the audit
 * service consumes into its own table, both on one broker of the test's own.
 */
class UserAuditPairIT {

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension USERS = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.events", "kafka")
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-h2"));

    @RegisterExtension
    @Order(3)
    static final JZenithExtension AUDIT = JZenithExtension.of(UserAuditPairIT::auditService)
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("audit-h2"));

    @Test
    void aCreatedAndDeletedUserAppearInTheAuditLog() {
        final TestResponse created = USERS.client().post("/users", Map.of("name", "Ada Lovelace"));
        assertThat(created.status()).isEqualTo(201);
        final String id = created.json().get("id").asText();
        assertThat(USERS.client().delete("/users/" + id).status()).isEqualTo(204);

        Await.until(
                Duration.ofSeconds(30),
                "the audit log has both events of user " + id,
                () -> entries(id).size() == 2);

        final List<JsonNode> entries = entries(id);
        assertThat(entries).extracting(e -> e.get("type").asText()).containsExactly("UserCreated", "UserDeleted");
        assertThat(entries.get(0).get("name").asText()).isEqualTo("Ada Lovelace");
        assertThat(entries)
                .allSatisfy(e -> assertThat(e.get("deliveries").asInt()).isEqualTo(1));
    }

    /** The audit entries of {@code userId}, oldest first. */
    private static List<JsonNode> entries(final String userId) {
        final TestResponse listed = AUDIT.client().get("/audit");
        assertThat(listed.status()).isEqualTo(200);
        return StreamSupport.stream(listed.json().spliterator(), false)
                .filter(e -> e.get("userId").asText().equals(userId))
                .toList();
    }

    /**
     * The audit service, told of the user service's settings: both services' jzenith.properties are on
     * this test's classpath, and the audit service would refuse {@code user.store} as unknown.
     */
    private static JZenith auditService(final String... args) {
        return AuditServiceApplication.application(args).withConfigurationMappings(UserServiceConfiguration.class);
    }

    private static Path temporaryFolder(final String name) {
        try {
            return Files.createTempDirectory(name);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
