package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestServer;
import org.jzenith.test.net.LocalAddresses;

/**
 * With {@code user.security=none} (the default) every caller may change users, so nothing on the
 * network may reach the service: it listens on loopback, and refuses an address other machines
 * reach outside the dev and test profiles.
 */
class UserServiceOpenAccessIT {

    @Test
    void byDefaultTheServiceListensOnLoopbackOnly() throws Exception {
        final JZenith app = UserServiceApplication.application("--rest.port=0", embeddedDatabase())
                .start();
        try {
            final RestServer server = app.instance(RestServer.class);
            assertThat(server.host()).isEqualTo("127.0.0.1");
            final HttpResponse<String> users = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + "/users"))
                                    .timeout(Duration.ofSeconds(10))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(users.statusCode()).isEqualTo(200);
            assertThat(LocalAddresses.accepts(LocalAddresses.networkAddress(), server.port()))
                    .as("a connection to this machine's network address %s", LocalAddresses.networkAddress())
                    .isFalse();
        } finally {
            app.stop();
        }
    }

    @Test
    void anAddressOtherMachinesReachIsRefusedWithTheKeysAndTheFix() {
        for (final String host : new String[] {"0.0.0.0", "::", "192.0.2.7", "service.example.com"}) {
            assertThatThrownBy(() -> UserServiceApplication.application(
                                    "--rest.port=0", "--rest.host=" + host, embeddedDatabase())
                            .start())
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("rest.host")
                    .hasMessageContaining(host)
                    .hasMessageContaining("user.security=none")
                    .hasMessageContaining("user.security=jwt and the jwt.* settings");
        }
    }

    @Test
    void theProdProfileIsRefusedToo() {
        assertThatThrownBy(() -> UserServiceApplication.application(
                                "--rest.port=0", "--rest.host=0.0.0.0", "--jzenith.profile=prod", embeddedDatabase())
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rest.host");
    }

    @Test
    void otherLoopbackAddressesAreAccepted() throws Exception {
        for (final String host : new String[] {"localhost", "::1", "127.0.0.2"}) {
            final JZenith app = UserServiceApplication.application(
                            "--rest.port=0", "--rest.host=" + host, embeddedDatabase())
                    .start();
            try {
                final RestServer server = app.instance(RestServer.class);
                assertThat(server.host()).isEqualTo(host);
                final String authority = host.contains(":") ? "[" + host + "]" : host;
                assertThat(get("http://" + authority + ":" + server.port() + "/users")
                                .statusCode())
                        .as("GET /users through %s", host)
                        .isEqualTo(200);
                assertThat(LocalAddresses.accepts(LocalAddresses.networkAddress(), server.port()))
                        .as("a connection to this machine's network address %s", LocalAddresses.networkAddress())
                        .isFalse();
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void theDevProfileMayListenOnTheNetwork() throws Exception {
        final JZenith app = UserServiceApplication.application(
                        "--rest.port=0", "--rest.host=0.0.0.0", "--jzenith.profile=dev", embeddedDatabase())
                .start();
        try {
            final RestServer server = app.instance(RestServer.class);
            assertThat(server.host()).isEqualTo("0.0.0.0");
            assertThat(get(networkUrl(server.port(), "/users")).statusCode()).isEqualTo(200);
        } finally {
            app.stop();
        }
    }

    @Test
    void withJwtTheServiceMayListenOnTheNetwork() throws Exception {
        final JZenith app = UserServiceApplication.application(
                        "--rest.port=0",
                        "--rest.host=0.0.0.0",
                        "--user.security=jwt",
                        "--jwt.public-key=" + publicKeyPem(),
                        "--jwt.issuer=https://id.example.com",
                        "--jwt.audience=user-service",
                        embeddedDatabase())
                .start();
        try {
            final RestServer server = app.instance(RestServer.class);
            assertThat(server.host()).isEqualTo("0.0.0.0");
            // Reached through this machine's network address, as another machine would reach it:
            // reading is open, a write without a token is refused.
            assertThat(get(networkUrl(server.port(), "/users")).statusCode()).isEqualTo(200);
            final HttpResponse<String> write = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(networkUrl(server.port(), "/users")))
                                    .timeout(Duration.ofSeconds(10))
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Ada Lovelace\"}"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(write.statusCode()).isEqualTo(401);
            assertThat(write.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
        } finally {
            app.stop();
        }
    }

    private static HttpResponse<String> get(final String url) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    private static String networkUrl(final int port, final String path) throws SocketException {
        return "http://" + LocalAddresses.networkAddress().getHostAddress() + ":" + port + path;
    }

    private static String publicKeyPem() {
        try {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return "-----BEGIN PUBLIC KEY-----\n"
                    + Base64.getMimeEncoder()
                            .encodeToString(
                                    generator.generateKeyPair().getPublic().getEncoded())
                    + "\n-----END PUBLIC KEY-----";
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String embeddedDatabase() {
        try {
            return "--jdbc.embedded.directory=" + Files.createTempDirectory("user-service-h2");
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
