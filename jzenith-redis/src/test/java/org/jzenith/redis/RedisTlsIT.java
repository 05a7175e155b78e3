package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.redis.client.Redis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.services.PrivateRedis;
import org.jzenith.test.services.TestCertificates;

/**
 * The plugin over TLS ({@code rediss://}) to redis-servers of the test's own that speak TLS only:
 * it connects when it trusts the server's authority and the certificate names the address, and
 * refuses to start, quickly and saying why, when the certificate names another host, when it trusts
 * only the JVM's authorities, or when the server wants a client certificate it was not given.
 */
class RedisTlsIT {

    private static final String PASSWORD = "tls-secret-4711";

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final PrivateRedis REDIS = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.server());

    @RegisterExtension
    @Order(1)
    static final PrivateRedis OTHER_HOST = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.otherHost());

    @RegisterExtension
    @Order(1)
    static final PrivateRedis CLIENTS_NEED_CERTIFICATES = PrivateRedis.withTls(
            CERTIFICATES, CERTIFICATES.server(), "--tls-auth-clients", "yes", "--requirepass", PASSWORD);

    @Test
    void storesAndReadsOverTlsWithTheServersAuthorityTrusted() {
        withApplication(trusting(REDIS), app -> {
            final RedisJsonDao<Item> items =
                    new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, "item:");
            Await.result(items.set("tls", new Item("tls", 7)));

            assertThat(Await.result(items.get("tls"))).contains(new Item("tls", 7));
            assertThat(Probes.readiness(app, "redis").status()).isEqualTo(HealthStatus.UP);
        });
    }

    @Test
    void aCertificateForAnotherHostIsRefusedAtStartWithTheReason() {
        final long start = System.nanoTime();

        assertThat(assertRefusesToStart(trusting(OTHER_HOST), "redis.connection-string"))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to redis.connection-string=" + OTHER_HOST.connectionString())
                .hasMessageContaining("No subject alternative names matching IP address 127.0.0.1 found")
                .hasMessageContaining("for TLS, that the server's certificate is signed by an authority in"
                        + " redis.tls.trust-certificates");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void withoutHostnameVerificationACertificateForAnotherHostIsAccepted() {
        withApplication(trusting(OTHER_HOST).withConfiguration("redis.tls.hostname-verification", false), app -> {
            final RedisJsonDao<Item> items =
                    new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, "item:");
            Await.result(items.set("unverified", new Item("unverified", 1)));

            assertThat(Await.result(items.get("unverified"))).contains(new Item("unverified", 1));
        });
    }

    @Test
    void withoutTrustCertificatesOnlyTheJvmsAuthoritiesAreTrusted() {
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(RedisPlugin.create())
                                .withConfiguration("redis.connection-string", REDIS.connectionString())
                                .withConfiguration("redis.command-timeout", "2s"),
                        "redis.connection-string"))
                .hasMessageContaining("cannot connect to redis.connection-string=" + REDIS.connectionString())
                .hasMessageContaining("unable to find valid certification path");
    }

    @Test
    void aServerThatAsksForAClientCertificateGetsTheConfiguredOne() {
        assertThat(assertRefusesToStart(
                        trusting(CLIENTS_NEED_CERTIFICATES).withConfiguration("redis.password", PASSWORD),
                        "redis.connection-string",
                        PASSWORD))
                .hasMessageContaining(
                        "cannot connect to redis.connection-string=" + CLIENTS_NEED_CERTIFICATES.connectionString());

        withApplication(
                trusting(CLIENTS_NEED_CERTIFICATES)
                        .withConfiguration("redis.password", PASSWORD)
                        .withConfiguration(
                                "redis.tls.certificate",
                                CERTIFICATES.client().certificate().toString())
                        .withConfiguration(
                                "redis.tls.private-key",
                                CERTIFICATES.client().privateKey().toString()),
                app -> assertThat(Probes.readiness(app, "redis").status()).isEqualTo(HealthStatus.UP));
    }

    @Test
    void badTlsSettingsAreReportedTogetherBeforeAnythingStarts() throws Exception {
        final Path notAKey = Files.createTempFile(Path.of("target"), "not-a-key", ".pem");
        try {
            assertThat(assertRefusesToStart(
                            JZenith.application()
                                    .withPlugins(RedisPlugin.create())
                                    .withConfiguration("redis.type", "cluster")
                                    .withConfiguration(
                                            "redis.connection-string",
                                            REDIS.connectionString() + ",redis://127.0.0.1:" + REDIS.port())
                                    .withConfiguration("redis.tls.trust-certificates", "target/no-such-ca.pem")
                                    .withConfiguration(
                                            "redis.tls.certificate",
                                            CERTIFICATES.client().privateKey().toString())
                                    .withConfiguration("redis.tls.private-key", notAKey.toString()),
                            "redis.tls.trust-certificates"))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("The configuration has 4 problems:")
                    .hasMessageContaining("rediss:// (TLS) for every server or for none, not for 1 of 2")
                    .hasMessageContaining("redis.tls.trust-certificates (code (withConfiguration))")
                    .hasMessageContaining("target/no-such-ca.pem cannot be read (NoSuchFileException")
                    .hasMessageContaining("redis.tls.certificate (code (withConfiguration))")
                    .hasMessageContaining("client.key is not one")
                    .hasMessageContaining("redis.tls.private-key (code (withConfiguration)): \"****\" is not valid")
                    .hasMessageContaining("a PEM private key (-----BEGIN PRIVATE KEY-----)");
        } finally {
            Files.delete(notAKey);
        }
    }

    private static JZenith trusting(final PrivateRedis redis) {
        return JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.connection-string", redis.connectionString())
                .withConfiguration(
                        "redis.tls.trust-certificates", CERTIFICATES.authority().toString())
                .withConfiguration("redis.command-timeout", "2s");
    }

    private static void withApplication(final JZenith application, final Consumer<JZenith> test) {
        final JZenith app = application.start();
        try {
            test.accept(app);
        } finally {
            app.stop();
        }
    }
}
