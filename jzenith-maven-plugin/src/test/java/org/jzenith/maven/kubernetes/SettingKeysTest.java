package org.jzenith.maven.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.internal.configuration.ConfigurationLoader;

/** The plugin's copy of the naming and the secret rule agrees with the service's own. */
class SettingKeysTest {

    private static final List<String> KEYS = List.of(
            "rest.port",
            "rest.max-body-size",
            "management.port",
            "jzenith.shutdown.pre-stop-delay",
            "jzenith.shutdown-timeout",
            "%prod.rest.port",
            "jdbc.password",
            "jdbc.url",
            "postgresql.password",
            "redis.password",
            "jwt.secret",
            "jwt.public-key",
            "rest.tls.private-key",
            "rest.tls.key-store-password",
            "api.auth-token",
            "api.apikey",
            "user.credentials",
            "otel.exporter.otlp.headers",
            "otel.exporter.otlp.traces.headers",
            "kafka.sasl.jaas.config",
            "kafka.producer.ssl.keystore.key",
            "kafka.ssl.keystore.location",
            "Mixed.Case_key",
            "user.store");

    @Test
    void environmentNamesAreTheServicesOwn() {
        for (final String key : KEYS) {
            assertThat(SettingKeys.environmentName(key)).as(key).isEqualTo(ConfigurationLoader.environmentName(key));
        }
    }

    @Test
    void secretKeysAreThoseTheServiceMasks() {
        for (final String key : KEYS) {
            assertThat(SettingKeys.isSecret(key)).as(key).isEqualTo(Secrets.isSecret(key));
        }
        assertThat(KEYS.stream().filter(SettingKeys::isSecret))
                .as("the list has both kinds")
                .hasSizeGreaterThan(5);
        assertThat(KEYS.stream().filter(key -> !SettingKeys.isSecret(key))).hasSizeGreaterThan(5);
    }
}
