package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
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
    void otherLoopbackAddressesAreAccepted() {
        for (final String host : new String[] {"localhost", "::1", "127.0.0.2"}) {
            final JZenith app = UserServiceApplication.application(
                            "--rest.port=0", "--rest.host=" + host, embeddedDatabase())
                    .start();
            app.stop();
        }
    }

    @Test
    void theDevProfileMayListenOnTheNetwork() {
        final JZenith app = UserServiceApplication.application(
                        "--rest.port=0", "--rest.host=0.0.0.0", "--jzenith.profile=dev", embeddedDatabase())
                .start();
        try {
            assertThat(app.instance(RestServer.class).host()).isEqualTo("0.0.0.0");
        } finally {
            app.stop();
        }
    }

    @Test
    void withJwtTheServiceMayListenOnTheNetwork() {
        final JZenith app = UserServiceApplication.application(
                        "--rest.port=0",
                        "--rest.host=0.0.0.0",
                        "--user.security=jwt",
                        "--jwt.public-key=" + publicKeyPem(),
                        "--jwt.issuer=https://id.example.com",
                        "--jwt.audience=user-service",
                        embeddedDatabase())
                .start();
        app.stop();
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
