package org.jzenith.jwt.basic;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.security.PasswordHashing;
import org.jzenith.jdbc.JdbcIdentityStore;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.security.BasicAuthentication;

/**
 * HTTP Basic over real HTTP, verified against users in the JDBC plugin's embedded H2 database: the
 * 401/403 split, the challenge, answers that do not tell an unknown name from a wrong password, and
 * the bound on verifications.
 */
class BasicAuthenticationIT {

    /** Slow enough that a burst of requests finds the verifications busy, quick enough for a test. */
    private static final PasswordHashing HASHING = PasswordHashing.pbkdf2(100_000);

    private static JZenith app;
    private static Http http;

    @BeforeAll
    static void start() {
        app = JZenith.application(
                        "--rest.port=0",
                        "--jdbc.embedded.directory="
                                + Path.of(
                                                "target",
                                                "basic-authentication-it-"
                                                        + ProcessHandle.current()
                                                                .pid())
                                        .toAbsolutePath())
                .withPlugins(RestPlugin.withResources(BasicResource.class), JdbcPlugin.create())
                .withModules(
                        BasicAuthentication.realm("shop")
                                .withConcurrentVerifications(1)
                                .withWaitingVerifications(1),
                        JdbcIdentityStore.module()
                                .withPasswordQuery("SELECT pw FROM accounts WHERE login = ?")
                                .withRolesQuery("SELECT role FROM account_roles WHERE login = ? ORDER BY role")
                                .withHashing(HASHING))
                .start();
        app.instance(Jdbi.class).useHandle(handle -> {
            handle.execute("DROP TABLE IF EXISTS account_roles");
            handle.execute("DROP TABLE IF EXISTS accounts");
            handle.execute("CREATE TABLE accounts (login VARCHAR(100) PRIMARY KEY, pw VARCHAR(200))");
            handle.execute("CREATE TABLE account_roles (login VARCHAR(100) NOT NULL, role VARCHAR(100) NOT NULL)");
            for (final String[] account :
                    new String[][] {{"ada", "secret"}, {"bob", "hunter2"}, {"zoë", "pässwörd:with colon"}}) {
                handle.execute(
                        "INSERT INTO accounts VALUES (?, ?)", account[0], HASHING.hash(account[1].toCharArray()));
            }
            handle.execute("INSERT INTO accounts VALUES ('eve', 'not a hash')");
            handle.execute("INSERT INTO account_roles VALUES ('ada', 'admin'), ('ada', 'user'), ('bob', 'user'),"
                    + " ('zoë', 'admin'), ('eve', 'admin')");
        });
        http = new Http(app.instance(RestServer.class).port());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    private static String basic(final String name, final String password) {
        return "Basic " + Base64.getEncoder().encodeToString((name + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aUserInTheRoleIsServedWithTheirNameAndRoles() {
        final HttpResponse<String> response = http.get("/basic/admin", "Authorization", basic("ada", "secret"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ada via Basic, user: true");
    }

    @Test
    void anAnonymousCallToARolesAllowedMethodIs401WithTheBasicChallenge() {
        final HttpResponse<String> response = http.get("/basic/admin");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().allValues("WWW-Authenticate")).containsExactly("Basic realm=\"shop\"");
        assertThat(http.get("/basic/open").body()).isEqualTo("anonymous");
    }

    @Test
    void aUserWithoutTheRoleIs403() {
        final HttpResponse<String> response = http.get("/basic/admin", "Authorization", basic("bob", "hunter2"));

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("WWW-Authenticate")).isEmpty();
        assertThat(http.get("/basic/open", "Authorization", basic("bob", "hunter2"))
                        .body())
                .isEqualTo("bob");
    }

    @Test
    void anUnknownNameAndAWrongPasswordGetTheSameAnswer() {
        final HttpResponse<String> wrong = http.get("/basic/open", "Authorization", basic("ada", "guess"));
        final HttpResponse<String> unknown = http.get("/basic/open", "Authorization", basic("mallory", "guess"));

        for (final HttpResponse<String> response : List.of(wrong, unknown)) {
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().allValues("WWW-Authenticate")).containsExactly("Basic realm=\"shop\"");
            assertThat(response.body()).contains("The name or the password is not right");
        }
        assertThat(withoutRequestId(wrong.body())).isEqualTo(withoutRequestId(unknown.body()));
    }

    @Test
    void aStoredValueThatIsNotAHashLetsNoOneIn() {
        assertThat(http.get("/basic/admin", "Authorization", basic("eve", "not a hash"))
                        .statusCode())
                .isEqualTo(401);
    }

    @Test
    void namesAndPasswordsAreUtf8AndThePasswordMayHoldAColon() {
        final HttpResponse<String> response =
                http.get("/basic/admin", "Authorization", basic("zoë", "pässwörd:with colon"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("zoë via Basic, user: false");
    }

    @Test
    void credentialsThatAreNotNameColonPasswordAre401WithoutAStackTrace() {
        for (final String header : List.of(
                "Basic not*base64",
                "Basic " + Base64.getEncoder().encodeToString("no colon".getBytes(StandardCharsets.UTF_8)),
                "Basic " + Base64.getEncoder().encodeToString(":nameless".getBytes(StandardCharsets.UTF_8)))) {
            final HttpResponse<String> response = http.get("/basic/open", "Authorization", header);

            assertThat(response.statusCode()).as(header).isEqualTo(401);
            assertThat(response.body())
                    .as(header)
                    .contains("not the base64 of name:password")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void aFloodOfGuessesBeyondTheBoundIs503WithRetryAfterAndTheServiceGoesOn() throws Exception {
        final HttpClient client = HttpClient.newHttpClient();
        final List<CompletableFuture<HttpResponse<String>>> flood = IntStream.range(0, 24)
                .mapToObj(i -> client.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + "/basic/open"))
                                .header("Authorization", basic("mallory" + i, "guess"))
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()))
                .toList();
        final List<HttpResponse<String>> answers =
                flood.stream().map(CompletableFuture::join).toList();

        assertThat(answers)
                .extracting(HttpResponse::statusCode)
                .containsOnly(401, 503)
                .contains(503);
        answers.stream().filter(answer -> answer.statusCode() == 503).forEach(answer -> {
            assertThat(answer.headers().firstValue("Retry-After")).contains("1");
            assertThat(answer.body()).contains("Too many sign-ins").doesNotContain("Exception");
        });
        assertThat(http.get("/basic/admin", "Authorization", basic("ada", "secret"))
                        .statusCode())
                .isEqualTo(200);
    }

    /** A client for the application's port. */
    private record Http(int port) {

        private static final HttpClient CLIENT = HttpClient.newHttpClient();

        HttpResponse<String> get(final String path, final String... headers) {
            final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(10));
            for (int i = 0; i < headers.length; i += 2) {
                request.header(headers[i], headers[i + 1]);
            }
            try {
                return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (final java.io.IOException | InterruptedException failure) {
                throw new IllegalStateException(failure);
            }
        }
    }

    private static String withoutRequestId(final String body) {
        return body.replaceAll("\"(requestId|instance)\":\"[^\"]*\"", "");
    }
}
