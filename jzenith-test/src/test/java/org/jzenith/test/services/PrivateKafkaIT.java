package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class PrivateKafkaIT {

    @Test
    void keepsAcknowledgedRecordsWhenKilledAndStartedAgain() throws Exception {
        try (PrivateKafka kafka = PrivateKafka.create(1)) {
            kafka.start();
            final long first = kafka.pid().orElseThrow();
            send(kafka, "before-0", "before-1");

            kafka.kill();
            assertThat(kafka.isRunning()).isFalse();
            assertThat(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();

            kafka.start();
            assertThat(kafka.pid()).isPresent().isNotEqualTo(java.util.Optional.of(first));
            send(kafka, "after-0");
            assertThat(readAll(kafka, 3)).containsExactly("before-0", "before-1", "after-0");
        }
    }

    @Test
    void closingEndsTheBrokerAndDeletesItsData() {
        final PrivateKafka kafka = PrivateKafka.create();
        kafka.start();
        final long pid = kafka.pid().orElseThrow();
        kafka.close();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
        assertThat(LocalServices.accepts(kafka.host(), kafka.port())).isFalse();
        kafka.close();
    }

    private static void send(final PrivateKafka kafka, final String... values)
            throws InterruptedException, ExecutionException, TimeoutException {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        kafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.MAX_BLOCK_MS_CONFIG,
                        30_000),
                new StringSerializer(),
                new StringSerializer())) {
            for (final String value : values) {
                producer.send(new ProducerRecord<>("events", value)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static List<String> readAll(final PrivateKafka kafka, final int expected) {
        final List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        kafka.bootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "reader-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of("events"));
            final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (final ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
        }
        return values;
    }
}
