package org.jzenith.jdbc.log;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jzenith.test.Await;

/** What a topic of the test's broker holds, read from its start: the relay's records, in order per partition. */
final class LogTopic {

    /** One record: its key, its value as text, and its {@code jzenith-event-id}. */
    record Received(String key, String value, String eventId) {}

    private LogTopic() {}

    /**
     * The records of {@code topic}, once they carry at least {@code count} events (within {@code wait});
     * copies of one event, which at-least-once allows, count once.
     */
    static List<Received> read(final String bootstrap, final String topic, final int count, final Duration wait) {
        final Properties settings = new Properties();
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, "log-topic-" + System.nanoTime());
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        final List<Received> received = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            Await.until(wait, count + " records on " + topic, () -> {
                for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    received.add(new Received(
                            new String(record.key(), StandardCharsets.UTF_8),
                            new String(record.value(), StandardCharsets.UTF_8),
                            new String(
                                    record.headers()
                                            .lastHeader("jzenith-event-id")
                                            .value(),
                                    StandardCharsets.UTF_8)));
                }
                return received.stream().map(Received::eventId).distinct().count() >= count;
            });
        }
        return received;
    }
}
