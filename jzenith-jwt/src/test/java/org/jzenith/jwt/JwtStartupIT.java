package org.jzenith.jwt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;

/** What start-up says about settings that cannot work, and the other key sources. */
class JwtStartupIT {

    private static JZenith application(final String... args) {
        final String[] all = new String[args.length + 1];
        all[0] = "--rest.port=0";
        System.arraycopy(args, 0, all, 1, args.length);
        return JZenith.application(all).withPlugins(RestPlugin.withResources(WhoAmIResource.class), JwtPlugin.create());
    }

    @Test
    void noKeySourceAndNoIssuerOrAudienceAreReportedTogether() {
        assertThatThrownBy(() -> application().start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 3 problems:")
                .hasMessageContaining("jwt.public-key, jwt.public-key-file, jwt.jwks-url (nowhere): required, but no"
                        + " source sets it: expected one of them: the PEM public key that verifies tokens"
                        + " (jwt.public-key), a file holding it (jwt.public-key-file) or the URL of the issuer's JSON"
                        + " Web Key Set (jwt.jwks-url)")
                .hasMessageContaining("jwt.issuer (nowhere): required")
                .hasMessageContaining("jwt.audience (nowhere): required");
    }

    @Test
    void twoKeySourcesAreEachNamedWithWhereTheyCameFromAndEachIsStillChecked() {
        assertThatThrownBy(() -> application(
                                "--jwt.public-key-file=/etc/service/issuer.pem",
                                "--jwt.jwks-url=ftp://id.example.com/certs",
                                "--jwt.issuer=i",
                                "--jwt.audience=a")
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 4 problems:")
                .hasMessageContaining("jwt.public-key-file (command line): \"/etc/service/issuer.pem\" is not valid:"
                        + " expected no value, as jwt.jwks-url is set too: keep exactly one of the PEM public key")
                .hasMessageContaining("jwt.jwks-url (command line): \"ftp://id.example.com/certs\" is not valid:"
                        + " expected no value, as jwt.public-key-file is set too")
                .hasMessageContaining("jwt.public-key-file (command line): \"/etc/service/issuer.pem\" is not valid:"
                        + " expected a readable file holding a PEM public key, but /etc/service/issuer.pem does not"
                        + " exist")
                .hasMessageContaining("jwt.jwks-url (command line): \"ftp://id.example.com/certs\" is not valid:"
                        + " expected an https URL");
    }

    @Test
    void everyBadKeyIsReportedAtOnceWithWhereItCameFromBeforeAnythingStarts() {
        assertThatThrownBy(() -> application(
                                "--jwt.jwks-url=http://id.example.com/certs",
                                "--jwt.issuer= ",
                                "--jwt.roles-claim= ",
                                "--jwt.clock-skew=1h")
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 5 problems:")
                .hasMessageContaining("jwt.clock-skew (command line): \"1h\" is not valid")
                .hasMessageContaining("jwt.jwks-url (command line): \"http://id.example.com/certs\" is not valid:"
                        + " expected an https URL: over plain http anyone on the path can swap the keys")
                .hasMessageContaining("jwt.issuer (command line): \" \" is not valid: expected the issuer tokens must"
                        + " name in iss")
                .hasMessageContaining("jwt.audience (nowhere): required, but no source sets it: expected the audience")
                .hasMessageContaining("jwt.roles-claim (command line): \" \" is not valid: expected a claim name");
    }

    @Test
    void aKeyFileThatCannotBeReadOrHoldsNoKeyAndABadUrlAreReported(@TempDir final Path directory) throws IOException {
        final Path notAKey = Files.writeString(directory.resolve("key.pem"), "hello");
        assertThatThrownBy(() -> application(
                                "--jwt.public-key-file=" + directory.resolve("missing.pem"),
                                "--jwt.issuer=i",
                                "--jwt.audience=a")
                        .start())
                .hasMessageContaining("jwt.public-key-file")
                .hasMessageContaining("missing.pem does not exist");
        assertThatThrownBy(() -> application("--jwt.public-key-file=" + notAKey, "--jwt.issuer=i", "--jwt.audience=a")
                        .start())
                .hasMessageContaining("no -----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY----- block in " + notAKey);
        assertThatThrownBy(() -> application(
                                "--jwt.jwks-url=ftp://id.example.com/certs", "--jwt.issuer=i", "--jwt.audience=a")
                        .start())
                .hasMessageContaining("jwt.jwks-url")
                .hasMessageContaining("an https URL");
        assertThatThrownBy(() -> application(
                                "--jwt.public-key=" + TestKeys.rsa(null).publicPem(),
                                "--jwt.issuer=i",
                                "--jwt.audience=a",
                                "--jwt.clock-skew=1h")
                        .start())
                .hasMessageContaining("jwt.clock-skew");
    }

    @Test
    void aKeySetOverPlainHttpIsRefusedBeforeItIsFetched() {
        for (final String url : new String[] {"http://id.example.com/certs", "http://127.0.0.1:9/certs"}) {
            assertThatThrownBy(() -> application("--jwt.jwks-url=" + url, "--jwt.issuer=i", "--jwt.audience=a")
                            .start())
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("jwt.jwks-url")
                    .hasMessageContaining(url)
                    .hasMessageContaining("an https URL: over plain http anyone on the path can swap the keys")
                    .hasMessageContaining("jwt.jwks-allow-insecure-loopback=true");
        }
    }

    @Test
    void plainHttpIsAllowedForLoopbackOnlyEvenWhenAskedFor() {
        for (final String host :
                new String[] {"id.example.com", "192.0.2.7", "[2001:db8::1]", "localhost.example.com"}) {
            assertThatThrownBy(() -> application(
                                    "--jwt.jwks-url=http://" + host + "/certs",
                                    "--jwt.jwks-allow-insecure-loopback=true",
                                    "--jwt.issuer=i",
                                    "--jwt.audience=a")
                            .start())
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("jwt.jwks-url")
                    .hasMessageContaining("allows plain http only for 127.0.0.1, ::1 or localhost");
        }
    }

    @Test
    void aKeySetThatCannotBeFetchedStopsStartUp() throws IOException {
        final int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> application(
                                "--jwt.jwks-url=http://127.0.0.1:" + closedPort + "/certs",
                                "--jwt.jwks-allow-insecure-loopback=true",
                                "--jwt.issuer=i",
                                "--jwt.audience=a",
                                "--jwt.jwks-timeout=2s")
                        .start())
                .hasStackTraceContaining("cannot fetch the JSON Web Key Set from http://127.0.0.1:" + closedPort)
                .hasStackTraceContaining("check jwt.jwks-url");
    }

    @Test
    void anEcKeyFromAFileVerifiesEs256Tokens(@TempDir final Path directory) throws IOException {
        final TestKeys ec = TestKeys.ec();
        final Path file = Files.writeString(directory.resolve("ec.pem"), ec.publicPem());
        final JZenith app = application(
                        "--jwt.public-key-file=" + file,
                        "--jwt.issuer=" + TestKeys.ISSUER,
                        "--jwt.audience=" + TestKeys.AUDIENCE,
                        "--jwt.roles-claim=realm_access.roles")
                .start();
        try {
            final var claims = TestKeys.claims("grace", List.of())
                    .put("realm_access", new io.vertx.core.json.JsonObject().put("roles", List.of("reader")));

            assertThat(Get.from(app, "/whoami", "Authorization", "Bearer " + ec.sign(claims))
                            .body())
                    .startsWith("grace writer=false");
            assertThat(Get.from(
                                    app,
                                    "/whoami",
                                    "Authorization",
                                    "Bearer " + TestKeys.ec().sign(claims))
                            .statusCode())
                    .isEqualTo(401);
        } finally {
            app.stop();
        }
    }
}
