package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.examples.users.UserServiceApplication;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.PrivateKafka;

/**
 * What a client sees when the outbox is full: the user service with {@code user.events=outbox} and
 * {@code outbox.max-pending=5}, its broker stopped. Writes are taken until five events wait; the next
 * {@code POST /users} is answered 503 {@code application/problem+json} with {@code Retry-After} and a
 * detail that names nothing internal, and its user is not stored (the business transaction failed
 * with the refused event). Readiness stays UP and shows the backlog; once the broker is back the
 * backlog drains, writes are taken again, and every stored user's event is at the broker.
 */
class OutboxFullIT {

    private static final int MAX_PENDING = 5;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension USERS = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.events", "outbox")
            .withConfiguration("outbox.max-pending", MAX_PENDING)
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("kafka.health-timeout", "1s")
            // Where /health shows each check's data, the outbox's backlog among them.
            .withConfiguration("management.port", 0)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-outbox-full"));

    @Test
    void aFullOutboxAnswers503WithoutStoringTheUserAndWritesResumeOnceTheBrokerIsBack() throws Exception {
        assertThat(create("before the outage").status()).isEqualTo(201);
        Await.until(WAIT, "the first event is sent", () -> pending() == 0);

        KAFKA.stop();
        final List<String> takenWhileAway = new ArrayList<>();
        TestResponse refused = null;
        String refusedName = "";
        for (int i = 0; i < 100 && refused == null; i++) {
            final String name = "while away " + i;
            final TestResponse response = create(name);
            if (response.status() == 201) {
                takenWhileAway.add(response.json().get("id").asText());
            } else {
                assertThat(response.status()).as(response.body()).isEqualTo(503);
                refused = response;
                refusedName = name;
            }
        }
        assertThat(refused).as("a write refused within 100 tries").isNotNull();
        assertThat(takenWhileAway).as("writes taken until the bound").hasSizeGreaterThanOrEqualTo(MAX_PENDING);

        assertThat(refused.header("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(refused.header("Retry-After")).as("rest.retry-after").contains("1");
        final JsonNode problem = refused.json();
        assertThat(problem.get("status").asInt()).isEqualTo(503);
        assertThat(problem.get("detail").asText())
                .contains("takes no changes for now")
                .contains("wait to be sent to the message broker")
                .contains("try again later");
        assertThat(refused.body())
                .as("nothing internal in the body")
                .doesNotContain("Exception", "org.jzenith", "java.", "\tat ", "outbox.max-pending", "jzenith_outbox");

        assertThat(names())
                .as("the refused user was rolled back with its event")
                .doesNotContain(refusedName);

        final TestResponse ready = USERS.managementClient().get("/health/ready");
        assertThat(ready.status())
                .as("ready while the broker is away: " + ready.body())
                .isEqualTo(200);
        assertThat(backlog(ready.json())).as("readiness shows the backlog").contains((long) takenWhileAway.size());

        KAFKA.start();
        Await.until(WAIT, "the backlog drains once the broker is back", () -> pending() == 0);
        final TestResponse after = create("after the outage");
        assertThat(after.status()).as(after.body()).isEqualTo(201);

        final Set<String> stored = ids();
        assertThat(stored).hasSize(takenWhileAway.size() + 2).containsAll(takenWhileAway);
        Await.until(
                WAIT,
                "every stored user's event is at the broker",
                () -> OutboxChecks.atTheBroker(KAFKA.bootstrapServers()).distinct() == stored.size());
        System.out.printf(
                "OutboxFullIT: %d writes taken while the broker was away, then 503 (Retry-After %s): %s%n",
                takenWhileAway.size(), refused.header("Retry-After").orElse("none"), refused.body());
    }

    private static TestResponse create(final String name) {
        return USERS.client().post("/users", Map.of("name", name));
    }

    private static long pending() {
        return backlog(USERS.managementClient().get("/health").json()).orElse(-1L);
    }

    /** The outbox check's {@code pending} in a health body. */
    private static Optional<Long> backlog(final JsonNode health) {
        for (final JsonNode check : health.get("checks")) {
            if (check.get("name").asText().equals("outbox") && check.has("data")) {
                return Optional.of(check.get("data").get("pending").asLong());
            }
        }
        return Optional.empty();
    }

    private static List<String> names() {
        final List<String> names = new ArrayList<>();
        users().forEach(user -> names.add(user.get("name").asText()));
        return names;
    }

    private static Set<String> ids() {
        final Set<String> ids = new HashSet<>();
        users().forEach(user -> ids.add(user.get("id").asText()));
        return ids;
    }

    private static JsonNode users() {
        final TestResponse page = USERS.client().get("/users?limit=100");
        assertThat(page.status()).isEqualTo(200);
        return page.json().get("items");
    }

    private static Path temporaryFolder(final String name) {
        try {
            return Files.createTempDirectory(name);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
