package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.test.Configurations;

class RedisTlsTest {

    @Test
    void aPlainServerMakesPlainConnections() {
        final RedisTarget target = target(Map.of("redis.connection-string", "redis://cache:6379"));

        assertThat(target.tls()).isEmpty();
        assertThat(target.options().getNetClientOptions().isSsl()).isFalse();
    }

    @Test
    void redissVerifiesTheHostnameAndTrustsTheJvmsAuthoritiesUnlessSet() {
        final NetClientOptions options = target(Map.of("redis.connection-string", "rediss://cache:6380"))
                .options()
                .getNetClientOptions();

        assertThat(options.isSsl()).isTrue();
        assertThat(options.getHostnameVerificationAlgorithm()).isEqualTo("HTTPS");
        assertThat(options.getTrustOptions()).isNull();
        assertThat(options.getKeyCertOptions()).isNull();
        assertThat(options.isTrustAll()).isFalse();
    }

    @Test
    void theTlsSettingsBecomeTheClientsOptions() {
        final RedisConfiguration configuration = configuration(Map.of(
                "redis.connection-string", "rediss://a:6380,rediss://b:6380",
                "redis.type", "cluster",
                "redis.tls.hostname-verification", "false"));
        final RedisTls tls = new RedisTls(
                Optional.of(Path.of("/etc/redis/ca.pem")),
                Optional.of(new RedisTls.ClientCertificate(
                        Path.of("/etc/redis/client.pem"), Path.of("/etc/redis/client.key"))),
                configuration.tls().hostnameVerification());

        final NetClientOptions options = tls.applyTo(new NetClientOptions());

        assertThat(options.isSsl()).isTrue();
        assertThat(options.getHostnameVerificationAlgorithm()).isEmpty();
        assertThat(((PemTrustOptions) options.getTrustOptions()).getCertPaths()).containsExactly("/etc/redis/ca.pem");
        assertThat(((PemKeyCertOptions) options.getKeyCertOptions()).getCertPaths())
                .containsExactly("/etc/redis/client.pem");
        assertThat(((PemKeyCertOptions) options.getKeyCertOptions()).getKeyPaths())
                .containsExactly("/etc/redis/client.key");
        assertThat(tls.describe())
                .isEqualTo("TLS, hostname NOT verified (redis.tls.hostname-verification=false), trusting"
                        + " /etc/redis/ca.pem, client certificate /etc/redis/client.pem");
    }

    @Test
    void tlsSettingsWithoutATlsServerAreRefusedNotIgnored() {
        final List<SettingProblem> problems = RedisTarget.problems(configuration(Map.of(
                "redis.connection-string", "redis://cache:6379",
                "redis.tls.hostname-verification", "false")));

        assertThat(problems).singleElement().satisfies(problem -> {
            assertThat(problem.key()).isEqualTo("redis.tls.hostname-verification");
            assertThat(problem.expected())
                    .startsWith("a rediss:// (TLS) server in redis.connection-string: "
                            + "redis.tls.hostname-verification applies to TLS connections only");
        });
        assertThat(RedisTarget.problems(configuration(Map.of())))
                .as("the defaults, for the dev service and the default server")
                .isEmpty();
    }

    @Test
    void aCertificateNeedsItsKeyAndTheKeyItsCertificate() {
        assertThat(RedisTarget.problems(configuration(Map.of(
                        "redis.connection-string", "rediss://cache:6380",
                        "redis.tls.private-key", "/nowhere/client.key"))))
                .extracting(SettingProblem::key)
                .containsExactly("redis.tls.private-key", "redis.tls.private-key");
        assertThat(RedisTarget.problems(configuration(Map.of(
                        "redis.connection-string", "rediss://cache:6380",
                        "redis.tls.certificate", "/nowhere/client.pem"))))
                .extracting(SettingProblem::expected)
                .anySatisfy(expected -> assertThat(expected)
                        .isEqualTo("a private key beside it: set redis.tls.private-key to the PEM file of the"
                                + " certificate's key"))
                .anySatisfy(expected -> assertThat(expected).contains("/nowhere/client.pem cannot be read"));
    }

    @Test
    void theKeysValueIsSecretAndTheOthersAreNot() {
        assertThat(Secrets.isSecret("redis.tls.private-key")).isTrue();
        assertThat(Secrets.isSecret("redis.tls.certificate")).isFalse();
        assertThat(Secrets.isSecret("redis.tls.trust-certificates")).isFalse();
    }

    private static RedisConfiguration configuration(final Map<String, String> values) {
        return Configurations.read(RedisConfiguration.class, values);
    }

    private static RedisTarget target(final Map<String, String> values) {
        return RedisTarget.of(configuration(values));
    }
}
