package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivateKafka;

/**
 * The reactive PostgreSQL outbox's bound, end to end: the user service ({@code user.store=postgresql},
 * {@code user.events=outbox}, {@code outbox.max-pending=5}) with its broker stopped takes writes until
 * five events wait, then answers 503 (problem+json, {@code Retry-After}) and the refused user rolls
 * back with its event; once the broker is back the relay drains the outbox and writes pass again.
 */
class OutboxReactiveFullIT {

    private static final String DATABASE = "jzenith_reactive_outbox_full";
    private static final int MAX_PENDING = 5;
    // The user service's ports, in this branch's range.
    private static final int PORT = 21102;
    private static final int MANAGEMENT_PORT = 21103;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @Test
    void pastMaxPendingAWriteIsRefusedWith503AndRollsBack() throws Exception {
        final LocalServices.Database server = LocalServices.postgresql();
        final LocalServices.Database postgres = server.withDatabase(DATABASE);
        execute(server.withDatabase("postgres"), "DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        execute(server.withDatabase("postgres"), "CREATE DATABASE " + DATABASE);
        final List<String> settings = new ArrayList<>(List.of(
                "user.store=postgresql",
                "postgresql.host=" + postgres.host(),
                "postgresql.port=" + postgres.port(),
                "postgresql.database=" + postgres.database(),
                "postgresql.username=" + postgres.user(),
                "kafka.bootstrap-servers=" + KAFKA.bootstrapServers(),
                "outbox.max-pending=" + MAX_PENDING));
        if (!postgres.password().isEmpty()) {
            settings.add("postgresql.password=" + postgres.password());
        }
        final UserServiceProcess users = UserServiceProcess.of(
                Files.createTempDirectory("reactive-outbox-full").resolve("user-service.log"),
                PORT,
                MANAGEMENT_PORT,
                settings.toArray(String[]::new));
        try {
            users.start();
            KAFKA.stop();
            int created = 0;
            HttpResponse<String> refused = null;
            for (int i = 0; i < 3 * MAX_PENDING && refused == null; i++) {
                final HttpResponse<String> response = post("user " + i);
                if (response.statusCode() == 201) {
                    created++;
                } else {
                    refused = response;
                }
            }
            assertThat(refused).as("a write refused once the outbox is full").isNotNull();
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Content-Type")).contains("application/problem+json");
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.body())
                    .as("the detail written for clients, as on the JDBC plugin")
                    .contains("too many of its events wait to be sent to the message broker")
                    .doesNotContain("OutboxFullException")
                    .doesNotContain("org.jzenith")
                    .doesNotContain("max-pending");
            // The bound is compared with a count at most a second old plus what was published since: a
            // relay's count taken just before a commit and stored just after it lets one more through.
            assertThat(created).as("writes taken before the bound").isBetween(MAX_PENDING, MAX_PENDING + 1);
            final Set<String> stored = OutboxChecks.users(postgres.jdbcUrl(), postgres.user(), postgres.password());
            assertThat(stored).as("the refused user rolled back with its event").hasSize(created);

            KAFKA.start();
            Await.until(
                    Duration.ofSeconds(60),
                    "a write passes once the relay drained the outbox",
                    () -> post("after").statusCode() == 201);
        } finally {
            users.stop();
            execute(server.withDatabase("postgres"), "DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
        }
    }

    private static HttpResponse<String> post(final String name) {
        try {
            return HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/users"))
                            .timeout(Duration.ofSeconds(10))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
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
