package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.Secrets;

/**
 * jZenith's secret rule ({@link Secrets}: logs, problem reports, and what jzenith-maven-plugin puts in
 * a Kubernetes Secret rather than a ConfigMap) covers every setting the Kafka client types as a
 * password, read from Kafka's own definitions: a password setting a new Kafka adds fails this test
 * until the rule knows it.
 */
class KafkaSecretKeysTest {

    private static final List<ConfigDef> DEFINITIONS =
            List.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef());

    private static Set<String> names(final ConfigDef.Type type, final boolean ofType) {
        final Set<String> names = new TreeSet<>();
        DEFINITIONS.stream()
                .flatMap(definition -> definition.configKeys().values().stream())
                .filter(key -> (key.type == type) == ofType)
                .forEach(key -> names.add(key.name));
        return names;
    }

    @Test
    void everyKafkaPasswordSettingIsSecretAsTheApplicationWritesIt() {
        final Set<String> passwords = names(ConfigDef.Type.PASSWORD, true);
        assertThat(passwords)
                .as("Kafka's password settings as read from its definitions")
                .contains(
                        "sasl.jaas.config",
                        "ssl.key.password",
                        "ssl.keystore.key",
                        "sasl.oauthbearer.assertion.private.key.passphrase")
                .hasSizeGreaterThanOrEqualTo(9);
        for (final String name : passwords) {
            // As the plugin reads it (kafka.client.*), under a profile, and without the prefix.
            for (final String key :
                    List.of(ClientSettings.PREFIX + name, "%prod." + ClientSettings.PREFIX + name, name)) {
                assertThat(Secrets.isSecret(key)).as(key).isTrue();
                assertThat(Secrets.display(key, "hunter2")).as(key).isEqualTo(Secrets.MASK);
            }
            assertThat(Secrets.isSecret(ClientSettings.PREFIX + name.toUpperCase(Locale.ROOT)))
                    .as("upper case " + name)
                    .isTrue();
            assertThat(ClientSettings.isSecret(name)).as(name).isTrue();
        }
    }

    @Test
    void kafkasOtherSettingsAreShown() {
        final Stream<String> others = names(ConfigDef.Type.PASSWORD, false).stream();
        // Masking one of these would hide nothing, and would send it to a Kubernetes Secret.
        assertThat(others.filter(name -> Secrets.isSecret(ClientSettings.PREFIX + name)))
                .as("Kafka settings jZenith masks though Kafka does not type them as passwords")
                .isEmpty();
    }
}
