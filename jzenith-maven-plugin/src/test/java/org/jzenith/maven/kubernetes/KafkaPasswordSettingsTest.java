package org.jzenith.maven.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.junit.jupiter.api.Test;

/**
 * Every setting the Kafka client types as a password, read from Kafka's own definitions rather than
 * a list, goes to the manifest's Secret when the application passes it through ({@code
 * kafka.client.*}), and a value for one in the build is refused.
 */
class KafkaPasswordSettingsTest {

    private static final String PREFIX = "kafka.client.";

    static Set<String> kafkaPasswordKeys() {
        final Set<String> keys = new TreeSet<>();
        Stream.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef())
                .flatMap(definition -> definition.configKeys().values().stream())
                .filter(key -> key.type == ConfigDef.Type.PASSWORD)
                .forEach(key -> keys.add(key.name));
        return keys;
    }

    @Test
    void everyKafkaPasswordSettingComesFromTheSecret() {
        final Set<String> passwords = kafkaPasswordKeys();
        assertThat(passwords)
                .as("Kafka's definitions as read")
                .contains("ssl.key.password", "sasl.jaas.config", "sasl.oauthbearer.assertion.private.key.passphrase");
        final Map<String, String> settings = new TreeMap<>();
        passwords.forEach(name -> settings.put(PREFIX + name, ""));
        settings.put(PREFIX + "security.protocol", "SASL_SSL");

        final ManifestOptions options = KubernetesManifestTest.options(settings);

        assertThat(options.secretKeys())
                .containsExactlyInAnyOrderElementsOf(
                        passwords.stream().map(name -> PREFIX + name).toList());
        final String yaml = KubernetesManifest.of(ServiceSettings.read(Map.of(), options.settings()), options)
                .yaml();
        passwords.forEach(name -> assertThat(yaml)
                .as(name)
                .contains("--from-literal=" + SettingKeys.environmentName(PREFIX + name) + "=..."));
        assertThat(yaml).contains("KAFKA_CLIENT_SECURITY_PROTOCOL: SASL_SSL");
    }

    @Test
    void aValueForAnyOfThemInTheBuildIsRefused() {
        for (final String name : kafkaPasswordKeys()) {
            assertThatThrownBy(() -> KubernetesManifestTest.options(Map.of(PREFIX + name, "x")))
                    .as(name)
                    .hasMessageContaining("the setting " + PREFIX + name + " is secret and has a value in the build");
        }
    }
}
