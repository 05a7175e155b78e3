package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;

/** The user API as every store must serve it; each store's IT runs it against a real database. */
abstract class UserApiContract {

    /** The running service under test. */
    protected abstract JZenithExtension app();

    /** The name of the health check of the store under test. */
    protected String databaseCheck() {
        return "jdbc";
    }

    @Test
    void createsReadsUpdatesAndDeletesAUser() {
        final TestResponse created = app().client().post("/users", Map.of("name", "Ada Lovelace"));
        assertThat(created.status()).isEqualTo(201);
        final String id = created.json().get("id").asText();
        assertThat(UUID.fromString(id)).isNotNull();
        assertThat(created.json().get("name").asText()).isEqualTo("Ada Lovelace");
        assertThat(created.header("Location")).contains("/users/" + id);

        final TestResponse read = app().client().get("/users/" + id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body()).isEqualTo("{\"id\":\"" + id + "\",\"name\":\"Ada Lovelace\"}");

        final TestResponse updated = app().client().put("/users/" + id, Map.of("name", "Ada King"));
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.json().get("name").asText()).isEqualTo("Ada King");
        assertThat(app().client().get("/users/" + id).json().get("name").asText())
                .isEqualTo("Ada King");

        assertThat(app().client().delete("/users/" + id).status()).isEqualTo(204);
        assertThat(app().client().get("/users/" + id).status()).isEqualTo(404);
        assertThat(app().client().delete("/users/" + id).status()).isEqualTo(404);
    }

    /**
     * A NUL in a name: PostgreSQL refuses it (SQLSTATE 22021), which is the client's data and so a
     * 400 that says why; a store that keeps it answers 201 and gives it back. Never a 500.
     */
    @Test
    void aNameTheStoreCannotTakeIsTheClientsMistake() {
        final TestResponse created = app().client().post("/users", Map.of("name", "a\u0000b"));
        if (created.status() == 201) {
            assertThat(app().client()
                            .get("/users/" + created.json().get("id").asText())
                            .json()
                            .get("name")
                            .asText())
                    .isEqualTo("a\u0000b");
        } else {
            assertThat(created.status()).isEqualTo(400);
            assertThat(created.json().get("detail").asText())
                    .isEqualTo("A value in the request cannot be stored: a text holds a character the store"
                            + " cannot take (such as NUL) (SQLSTATE 22021)");
        }
        assertThat(storeRefusesNul()).isEqualTo(created.status() == 400);
    }

    /** Whether the store under test refuses a NUL in a text, as PostgreSQL does. */
    protected boolean storeRefusesNul() {
        return false;
    }

    @Test
    void listsUsersPageByPage() {
        final String prefix = "page-" + UUID.randomUUID() + "-";
        for (int i = 0; i < 3; i++) {
            assertThat(app().client().post("/users", Map.of("name", prefix + i)).status())
                    .isEqualTo(201);
        }
        final JsonNode all = app().client().get("/users?offset=0&limit=100").json();
        final long total = all.get("total").asLong();
        assertThat(total).isGreaterThanOrEqualTo(3);
        assertThat(all.get("offset").asInt()).isZero();
        assertThat(all.get("limit").asInt()).isEqualTo(100);

        final JsonNode page =
                app().client().get("/users?offset=" + (total - 2) + "&limit=2").json();
        assertThat(page.get("items")).hasSize(2);
        assertThat(page.get("total").asLong()).isEqualTo(total);
        assertThat(page.get("items").get(1).get("name").asText()).isEqualTo(prefix + 2);
    }

    @Test
    void unknownIdsAre404AndMalformedOnes400() {
        final TestResponse unknown = app().client().get("/users/" + UUID.randomUUID());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("Content-Type")).contains("application/problem+json");
        assertThat(unknown.json().get("detail").asText()).startsWith("No user has the id");
        assertThat(app().client()
                        .put("/users/" + UUID.randomUUID(), Map.of("name", "x"))
                        .status())
                .isEqualTo(404);

        final TestResponse malformed = app().client().get("/users/not-a-uuid");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().get("detail").asText()).contains("path parameter 'id': expected a UUID");
    }

    @Test
    void namesMustBeOneToAHundredCharactersAndNotBlank() {
        assertThat(violation(Map.of("name", "   "))).contains("must not be blank");
        assertThat(violation(Map.of("name", "x".repeat(101)))).contains("size must be between 1 and 100");
        assertThat(violation(Map.of())).contains("must not be null");
        assertThat(app().client()
                        .post("/users", Map.of("name", "x".repeat(100)))
                        .status())
                .isEqualTo(201);
        assertThat(app().client()
                        .post("/users", "{\"name\":", "Content-Type", "application/json")
                        .status())
                .isEqualTo(400);
    }

    /** Issue 28: {@code {"name":5}} was stored as the name "5"; a number is not a string. */
    @Test
    void aNameThatIsNotAStringIsRefused() {
        for (final String body : new String[] {"{\"name\":5}", "{\"name\":true}", "{\"name\":1.5}"}) {
            final TestResponse refused = app().client().post("/users", body, "Content-Type", "application/json");
            assertThat(refused.status()).as(body).isEqualTo(400);
            assertThat(refused.json().get("detail").asText())
                    .as(body)
                    .startsWith("request body: field 'name': expected a string, found a");
        }
    }

    @Test
    void pageLimitsAreChecked() {
        assertThat(app().client().get("/users?limit=0").status()).isEqualTo(400);
        assertThat(app().client().get("/users?limit=101").status()).isEqualTo(400);
        assertThat(app().client().get("/users?offset=-1").status()).isEqualTo(400);
        assertThat(app().client().get("/users?limit=many").status()).isEqualTo(400);
    }

    /**
     * Issue 22: a query with a malformed percent-escape answered 500 and logged a stack trace. Sent
     * over a plain socket, since an HTTP client would not send a lone {@code %}.
     */
    @Test
    void aMalformedQueryIsA400NamingTheQuery() {
        for (final String query : new String[] {"%", "a=%zz", "offset=%zz"}) {
            final String answer = rawGet("/users?" + query);
            assertThat(answer).as(query).startsWith("HTTP/1.1 400 ");
            assertThat(answer)
                    .as(query)
                    .contains("application/problem+json")
                    .contains("The query string has a malformed percent-escape")
                    .doesNotContain("Exception")
                    .doesNotContain("java.");
        }
    }

    @Test
    void isHealthyWithTheDatabaseCheck() {
        final TestResponse health = app().client().get("/health/ready");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).contains("\"name\":\"" + databaseCheck() + "\"", "\"status\":\"UP\"");
    }

    private String rawGet(final String target) {
        try (Socket socket = new Socket("127.0.0.1", app().client().baseUri().getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write(("GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String violation(final Map<String, String> body) {
        final TestResponse response = app().client().post("/users", body);
        assertThat(response.status()).isEqualTo(400);
        return response.json().get("violations").toString();
    }
}
