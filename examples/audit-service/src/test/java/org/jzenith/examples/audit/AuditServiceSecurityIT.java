package org.jzenith.examples.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.rest.RestServer;
import org.jzenith.test.net.LocalAddresses;
import org.jzenith.test.services.PrivateKafka;

/**
 * {@code GET /audit} names users, so the audit service guards it as the user service guards its
 * writes: with {@code audit.security=none} (the default) it listens on loopback and refuses an
 * address other machines reach outside the dev and test profiles; with {@code audit.security=jwt}
 * it may listen on the network, and the list needs a token in the role {@code audit-reader}.
 */
class AuditServiceSecurityIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create();

    private static final String ISSUER = "https://id.example.com";
    private static final String AUDIENCE = "audit-service";

    @Test
    void anAddressOtherMachinesReachIsRefusedWithTheKeysAndTheFix() {
        // In the prod profile, and in none.
        for (final String[] profileArgument : new String[][] {{"--jzenith.profile=prod"}, {}}) {
            for (final String host : new String[] {"0.0.0.0", "::", "192.0.2.7", "audit.example.com"}) {
                assertThatThrownBy(() -> application(concat(
                                        profileArgument,
                                        "--rest.port=0",
                                        "--rest.host=" + host,
                                        "--kafka.bootstrap-servers=" + KAFKA.bootstrapServers(),
                                        embeddedDatabase()))
                                .start())
                        .as("rest.host=%s %s", host, String.join(" ", profileArgument))
                        .isInstanceOf(ConfigurationException.class)
                        .hasMessageContaining("rest.host")
                        .hasMessageContaining(host)
                        .hasMessageContaining("audit.security=none")
                        .hasMessageContaining("audit.security=jwt and the jwt.* settings");
            }
        }
    }

    @Test
    void byDefaultTheServiceListensOnLoopbackOnlyAndServesTheList() throws Exception {
        final JZenith app = application(
                        "--rest.port=0", "--kafka.bootstrap-servers=" + KAFKA.bootstrapServers(), embeddedDatabase())
                .start();
        try {
            final RestServer server = app.instance(RestServer.class);
            assertThat(server.host()).isEqualTo("127.0.0.1");
            assertThat(send(get("http://127.0.0.1:" + server.port() + "/audit")).statusCode())
                    .isEqualTo(200);
            assertThat(LocalAddresses.accepts(LocalAddresses.networkAddress(), server.port()))
                    .as("a connection to this machine's network address %s", LocalAddresses.networkAddress())
                    .isFalse();
        } finally {
            app.stop();
        }
    }

    @Test
    void withJwtTheServiceListensOnTheNetworkAndTheListNeedsAToken() throws Exception {
        final KeyPair keys = keyPair();
        final JZenith app = application(
                        "--rest.port=0",
                        "--rest.host=0.0.0.0",
                        "--audit.security=jwt",
                        "--jwt.public-key=" + pem(keys),
                        "--jwt.issuer=" + ISSUER,
                        "--jwt.audience=" + AUDIENCE,
                        "--kafka.bootstrap-servers=" + KAFKA.bootstrapServers(),
                        embeddedDatabase())
                .start();
        try {
            final RestServer server = app.instance(RestServer.class);
            assertThat(server.host()).isEqualTo("0.0.0.0");
            // Through this machine's network address, as another machine reaches it.
            final String audit =
                    "http://" + LocalAddresses.networkAddress().getHostAddress() + ":" + server.port() + "/audit";

            final HttpResponse<String> anonymous = send(get(audit));
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"jzenith\"");
            assertThat(anonymous.body()).doesNotContain("userId");

            final HttpResponse<String> reader =
                    send(get(audit).header("Authorization", "Bearer " + token(keys, AuditResource.READER)));
            assertThat(reader.statusCode()).isEqualTo(200);
            assertThat(reader.body()).startsWith("[");

            final HttpResponse<String> someoneElse =
                    send(get(audit).header("Authorization", "Bearer " + token(keys, "user-admin")));
            assertThat(someoneElse.statusCode()).isEqualTo(403);
        } finally {
            app.stop();
        }
    }

    /** Told of the user service's settings: both services' jzenith.properties are on this classpath. */
    private static JZenith application(final String... args) {
        return AuditServiceApplication.application(args).withConfigurationMappings(UserServiceConfiguration.class);
    }

    private static HttpRequest.Builder get(final String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
    }

    private static HttpResponse<String> send(final HttpRequest.Builder request)
            throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An RS256 token of {@link #ISSUER} for {@link #AUDIENCE}, valid for ten minutes, in {@code role}. */
    private static String token(final KeyPair keys, final String role) throws GeneralSecurityException {
        final long now = Instant.now().getEpochSecond();
        final String header = base64Url("{\"alg\":\"RS256\",\"typ\":\"JWT\"}");
        final String claims = base64Url("{\"iss\":\"" + ISSUER + "\",\"aud\":\"" + AUDIENCE
                + "\",\"sub\":\"ada\",\"groups\":[\"" + role + "\"],\"iat\":" + now + ",\"exp\":" + (now + 600) + "}");
        final Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(keys.getPrivate());
        signature.update((header + "." + claims).getBytes(StandardCharsets.US_ASCII));
        return header + "." + claims + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(signature.sign());
    }

    private static String base64Url(final String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static KeyPair keyPair() throws GeneralSecurityException {
        final KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    private static String pem(final KeyPair keys) {
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(keys.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----";
    }

    private static String[] concat(final String[] first, final String... more) {
        final String[] all = new String[first.length + more.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    private static String embeddedDatabase() {
        try {
            return "--jdbc.embedded.directory=" + Files.createTempDirectory("audit-h2");
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
