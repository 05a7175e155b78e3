package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;

class ClientSettingsTest {

    @Test
    void knownSettingsWithGoodValuesPass() {
        final Map<String, String> client = Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "PLAIN",
                "sasl.jaas.config", "anything",
                "max.poll.records", "50",
                "linger.ms", "5");
        assertThat(ClientSettings.problems(client)).isEmpty();
        assertThat(ClientSettings.unusableKeys(client)).isEmpty();
    }

    @Test
    void aMisspeltNameIsAnsweredWithTheNearestOne() {
        final Map<String, String> client = Map.of("sasl.mechansim", "PLAIN");
        assertThat(ClientSettings.problems(client)).isEmpty();
        assertThat(ClientSettings.unusableKeys(client)).singleElement().satisfies(problem -> {
            assertThat(problem.key()).isEqualTo("kafka.client.sasl.mechansim");
            assertThat(problem.expected()).endsWith("did you mean kafka.client.sasl.mechanism?");
        });
    }

    @Test
    void aSettingThePluginDecidesIsRefusedByNameWithWhatToSetInstead() {
        final Map<String, String> client = Map.of("group.id", "orders", "enable.auto.commit", "true");
        assertThat(ClientSettings.problems(client)).isEmpty();
        assertThat(ClientSettings.unusableKeys(client))
                .extracting(SettingProblem::toString)
                .containsExactly(
                        "kafka.client.enable.auto.commit is not valid: expected no such key: its setting is decided"
                                + " by the plugin; remove the key",
                        "kafka.client.group.id is not valid: expected no such key: its setting is decided by the"
                                + " plugin; set kafka.group-id instead");
    }

    @Test
    void aValueKafkaRejectsNamesWhatKafkaExpects() {
        assertThat(ClientSettings.unusableKeys(Map.of("acks", "some"))).isEmpty();
        assertThat(ClientSettings.problems(Map.of("acks", "some")))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("kafka.client.acks");
                    assertThat(problem.expected())
                            .startsWith("a string value that Kafka accepts")
                            .contains("all");
                });
    }

    @Test
    void passwordSettingsAreSecret() {
        assertThat(ClientSettings.isSecret("sasl.jaas.config")).isTrue();
        assertThat(ClientSettings.isSecret("ssl.truststore.password")).isTrue();
        assertThat(ClientSettings.isSecret("security.protocol")).isFalse();
    }

    @Test
    void theAdminClientDoesNotRebootstrapUnlessTheApplicationSaysSo() {
        assertThat(ClientSettings.admin("broker:9092", Map.of()))
                .containsEntry("metadata.recovery.strategy", "none")
                .containsEntry("bootstrap.servers", "broker:9092");
        assertThat(ClientSettings.admin("broker:9092", Map.of("metadata.recovery.strategy", "rebootstrap")))
                .containsEntry("metadata.recovery.strategy", "rebootstrap");
    }

    @Test
    void thePluginsOwnChoicesWinOverPassThroughAndEachClientGetsOnlyItsSettings() {
        final Map<String, Object> consumer = ClientSettings.consumer(
                "broker:9092",
                "orders",
                "orders-texts",
                100,
                new MemoryBudget(32L << 20),
                Map.of("auto.offset.reset", "latest", "linger.ms", "5", "security.protocol", "SSL"));

        assertThat(consumer)
                .containsEntry("bootstrap.servers", "broker:9092")
                .containsEntry("group.id", "orders")
                .containsEntry("enable.auto.commit", false)
                .containsEntry("value.deserializer", ByteArrayDeserializer.class)
                .containsEntry("auto.offset.reset", "latest")
                .containsEntry("security.protocol", "SSL")
                .doesNotContainKey("linger.ms");
        assertThat(ClientSettings.producer("broker:9092", 5000, new MemoryBudget(32L << 20), Map.of("acks", "1")))
                .containsEntry("acks", "1")
                .containsEntry("enable.idempotence", true)
                .containsEntry("max.block.ms", 5000L);
    }

    @Test
    void fetchesAndTheProducersBufferAreSizedFromTheHeapAndTheApplicationsOwnSettingsWin() {
        final MemoryBudget small = new MemoryBudget(32L << 20); // the launcher's heap in 128 MiB
        assertThat(ClientSettings.consumer("broker:9092", "orders", "orders-texts", 500, small, Map.of()))
                .containsEntry("fetch.max.bytes", 2 << 20)
                .containsEntry("max.partition.fetch.bytes", 512 << 10);
        assertThat(ClientSettings.producer("broker:9092", 5000, small, Map.of()))
                .containsEntry("buffer.memory", 2L << 20);
        assertThat(ClientSettings.consumer(
                        "broker:9092", "orders", "orders-texts", 500, small, Map.of("fetch.max.bytes", "8388608")))
                .containsEntry("fetch.max.bytes", "8388608");
        assertThat(ClientSettings.producer("broker:9092", 5000, small, Map.of("buffer.memory", "1048576")))
                .containsEntry("buffer.memory", "1048576");
    }
}
