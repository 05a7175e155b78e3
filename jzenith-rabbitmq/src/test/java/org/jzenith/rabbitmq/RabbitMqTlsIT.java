package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateRabbitMq;
import org.jzenith.test.services.TestCertificates;

/**
 * TLS to a private {@code rabbitmq-server} that listens for TLS and accepts only clients with a
 * certificate of the test's authority (mutual TLS): the plugin connects, sends and consumes trusting that
 * authority and presenting its client certificate, by {@code rabbitmq.host} and by an {@code amqps://}
 * URI; it refuses a server whose certificate another authority signed, and one whose certificate does
 * not name the host, failing the start with a message that says where to look; every {@code
 * rabbitmq.tls.*} key that cannot work is named at start-up; the password appears in no log line and no
 * failure.
 */
class RabbitMqTlsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String USER = "tls-user";
    private static final String PASSWORD = "rabbit-tls-secret-5813";

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final TestCertificates OTHER_AUTHORITY = TestCertificates.create();

    @RegisterExtension
    @Order(2)
    static final PrivateRabbitMq RABBIT = PrivateRabbitMq.withTls(CERTIFICATES, true);

    private final String labels =
            "jzenith-test-tls-" + UUID.randomUUID().toString().substring(0, 8);
    private JZenith app;

    @BeforeAll
    static void user() {
        // a user of the test's own, so that its password is one no other text holds
        RABBIT.ctl("add_user", USER, PASSWORD);
        RABBIT.ctl("set_permissions", "-p", "/", USER, ".*", ".*", ".*");
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        Labels.SEEN.clear();
    }

    private JZenith application(final String... settings) {
        JZenith application = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(Labels.class).withEmitter("labels", String.class))
                .withConfiguration("rabbitmq.connect-timeout", "5s")
                .withConfiguration("rabbitmq.channels.labels.exchange", labels)
                .withConfiguration("rabbitmq.channels.labels.queue", labels)
                // the private node goes with the test class: nothing to survive its restart
                .withConfiguration("rabbitmq.channels.labels.durable", "false")
                .withConfiguration("rabbitmq.channels.labels.queue-type", "classic");
        for (int i = 0; i < settings.length; i += 2) {
            application = application.withConfiguration(settings[i], settings[i + 1]);
        }
        return application;
    }

    private static String[] mutual(final TestCertificates authority, final String... more) {
        final String[] own = {
            "rabbitmq.tls.trust-certificates", authority.authority().toString(),
            "rabbitmq.tls.certificate", CERTIFICATES.client().certificate().toString(),
            "rabbitmq.tls.private-key", CERTIFICATES.client().privateKey().toString()
        };
        final String[] all = new String[own.length + more.length];
        System.arraycopy(own, 0, all, 0, own.length);
        System.arraycopy(more, 0, all, own.length, more.length);
        return all;
    }

    private void sendsAndConsumes() throws Exception {
        final Emitter<String> emitter = app.injector()
                .getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("labels")));
        emitter.send("over tls").toCompletableFuture().get(10, TimeUnit.SECONDS);
        Await.until(WAIT, "the label consumed over TLS", () -> Labels.SEEN.size() == 1);
    }

    @Test
    void connectsByHostTrustingTheAuthorityAndPresentingTheClientCertificateAndLogsNoPassword() throws Exception {
        final String logged = capturingStandardError(() -> {
            app = application(mutual(
                            CERTIFICATES,
                            "rabbitmq.host",
                            "127.0.0.1",
                            "rabbitmq.port",
                            Integer.toString(RABBIT.tlsPort()),
                            "rabbitmq.username",
                            USER,
                            "rabbitmq.password",
                            PASSWORD,
                            "rabbitmq.tls.enabled",
                            "true"))
                    .start();
            sendsAndConsumes();
        });

        assertThat(logged)
                .as("the log of the start (captured, so that the next check can fail)")
                .contains("Connected to RabbitMQ at 127.0.0.1:" + RABBIT.tlsPort())
                .contains("TLS, hostname verified, trusting " + CERTIFICATES.authority())
                .doesNotContain(PASSWORD);
    }

    @Test
    void connectsByAnAmqpsUri() throws Exception {
        app = application(mutual(
                        CERTIFICATES,
                        "rabbitmq.uri",
                        "amqps://" + USER + ":" + PASSWORD + "@127.0.0.1:" + RABBIT.tlsPort() + "/%2f"))
                .start();
        sendsAndConsumes();
    }

    @Test
    void aServerCertificateOfAnotherAuthorityFailsTheStartSayingWhereToLook() {
        final String[] logged = new String[1];
        logged[0] = capturingStandardError(() -> assertThat(assertRefusesToStart(
                        application(mutual(
                                OTHER_AUTHORITY,
                                "rabbitmq.host",
                                "127.0.0.1",
                                "rabbitmq.port",
                                Integer.toString(RABBIT.tlsPort()),
                                "rabbitmq.username",
                                USER,
                                "rabbitmq.password",
                                PASSWORD,
                                "rabbitmq.tls.enabled",
                                "true")),
                        "rabbitmq.tls.trust-certificates",
                        PASSWORD))
                .hasMessageContaining("cannot connect to RabbitMQ at 127.0.0.1:" + RABBIT.tlsPort())
                .hasMessageContaining("PKIX path")
                .hasMessageContaining("the server's certificate must be signed by an authority in"
                        + " rabbitmq.tls.trust-certificates"));
        assertThat(logged[0]).doesNotContain(PASSWORD);
    }

    @Test
    void aServerCertificateThatDoesNotNameTheHostFailsUnlessTheCheckIsOff() throws Exception {
        // a server at 127.0.0.1 whose certificate names other.example only
        try (PrivateRabbitMq other = PrivateRabbitMq.withTls(CERTIFICATES, CERTIFICATES.otherHost(), false)) {
            other.start();
            final String[] settings = {
                "rabbitmq.host",
                "127.0.0.1",
                "rabbitmq.port",
                Integer.toString(other.tlsPort()),
                "rabbitmq.tls.enabled",
                "true",
                "rabbitmq.tls.trust-certificates",
                CERTIFICATES.authority().toString()
            };
            assertThat(assertRefusesToStart(application(settings), "rabbitmq.tls.hostname-verification"))
                    .hasMessageContaining("cannot connect to RabbitMQ at 127.0.0.1:" + other.tlsPort());

            final String[] unchecked = java.util.Arrays.copyOf(settings, settings.length + 2);
            unchecked[settings.length] = "rabbitmq.tls.hostname-verification";
            unchecked[settings.length + 1] = "false";
            app = application(unchecked).start();
            sendsAndConsumes();
            app.stop();
            app = null;
        }
    }

    @Test
    void withoutTheClientCertificateTheServerRefusesTheConnection() {
        assertThat(assertRefusesToStart(
                        application(
                                "rabbitmq.host",
                                "127.0.0.1",
                                "rabbitmq.port",
                                Integer.toString(RABBIT.tlsPort()),
                                "rabbitmq.username",
                                USER,
                                "rabbitmq.password",
                                PASSWORD,
                                "rabbitmq.tls.enabled",
                                "true",
                                "rabbitmq.tls.trust-certificates",
                                CERTIFICATES.authority().toString()),
                        "rabbitmq.tls.trust-certificates",
                        PASSWORD))
                .hasMessageContaining("cannot connect to RabbitMQ at 127.0.0.1:" + RABBIT.tlsPort());
    }

    @Test
    void everyTlsKeyThatCannotWorkIsNamedAtStartUp() {
        assertThat(assertRefusesToStart(
                        application(
                                "rabbitmq.host",
                                "127.0.0.1",
                                "rabbitmq.password",
                                PASSWORD,
                                "rabbitmq.tls.trust-certificates",
                                CERTIFICATES.authority().toString(),
                                "rabbitmq.tls.hostname-verification",
                                "false"),
                        "rabbitmq.tls.trust-certificates",
                        PASSWORD))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rabbitmq.tls.trust-certificates")
                .hasMessageContaining("rabbitmq.tls.hostname-verification")
                .hasMessageContaining("applies to TLS only");

        assertThat(assertRefusesToStart(
                        application(
                                "rabbitmq.uri",
                                "amqp://" + USER + ":" + PASSWORD + "@127.0.0.1:5672/%2f",
                                "rabbitmq.tls.enabled",
                                "true",
                                "rabbitmq.tls.trust-certificates",
                                "/no/such/ca.pem",
                                "rabbitmq.tls.certificate",
                                CERTIFICATES.client().certificate().toString(),
                                "rabbitmq.tls.private-key",
                                CERTIFICATES.client().certificate().toString()),
                        "rabbitmq.tls.enabled",
                        PASSWORD))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rabbitmq.uri is amqp://")
                .hasMessageContaining("rabbitmq.tls.trust-certificates")
                .hasMessageContaining("/no/such/ca.pem cannot be read")
                .hasMessageContaining("rabbitmq.tls.private-key")
                .hasMessageContaining("PKCS#8");

        assertThat(assertRefusesToStart(
                        application(
                                "rabbitmq.host", "127.0.0.1",
                                "rabbitmq.tls.enabled", "true",
                                "rabbitmq.tls.certificate",
                                        CERTIFICATES.client().certificate().toString()),
                        "rabbitmq.tls.certificate"))
                .hasMessageContaining("a private key beside it");
    }

    /** What runs while {@code action} runs writes to standard error (where the tests' log goes), besides writing it there. */
    private static String capturingStandardError(final ThrowingRunnable action) {
        final PrintStream original = System.err;
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        final PrintStream both = new PrintStream(
                new OutputStream() {
                    @Override
                    public void write(final int b) {
                        captured.write(b);
                        original.write(b);
                    }

                    @Override
                    public void write(final byte[] bytes, final int offset, final int length) {
                        captured.write(bytes, offset, length);
                        original.write(bytes, offset, length);
                    }
                },
                true,
                StandardCharsets.UTF_8);
        System.setErr(both);
        try {
            action.run();
        } catch (final Exception e) {
            throw new IllegalStateException(e);
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** An action that may throw. */
    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
