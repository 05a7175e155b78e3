package org.jzenith.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** A test's own producer and readers for a broker, outside the plugin. */
final class Topics implements AutoCloseable {

    // The producer's own delivery.timeout.ms (120 s by default) and a little more: a test that gave up
    // sooner would fail on a record the producer is still retrying, as when a busy machine makes a
    // freshly created topic's leaders slow to appear.
    private static final Duration ACKNOWLEDGEMENT_WAIT = Duration.ofSeconds(130);

    private final String bootstrapServers;
    private final KafkaProducer<String, String> producer;

    Topics(final String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        this.producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                new StringSerializer(),
                new StringSerializer());
    }

    /**
     * Creates {@code topic} with {@code partitions} partitions. Sending many records at once to a
     * topic the broker creates on the first of them can leave the idempotent producer retrying
     * out-of-order batches while the partitions get their leaders.
     */
    void create(final String topic, final int partitions)
            throws InterruptedException, ExecutionException, TimeoutException {
        create(topic, partitions, Map.of());
    }

    /** Creates {@code topic} with {@code partitions} partitions and the topic settings {@code configs}. */
    void create(final String topic, final int partitions, final Map<String, String> configs)
            throws InterruptedException, ExecutionException, TimeoutException {
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(
                Map.of(org.apache.kafka.clients.admin.AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(List.of(
                            new org.apache.kafka.clients.admin.NewTopic(topic, partitions, (short) 1).configs(configs)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    /** A topic name no other test uses. */
    static String unique(final String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Sends {@code value} with {@code key} to {@code topic} and waits for the acknowledgement. */
    void send(final String topic, final String key, final String value)
            throws InterruptedException, ExecutionException, TimeoutException {
        producer.send(new ProducerRecord<>(topic, key, value)).get(ACKNOWLEDGEMENT_WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Sends {@code value} with {@code headers} to {@code topic} and waits for the acknowledgement. */
    void send(final String topic, final String value, final Map<String, byte[]> headers)
            throws InterruptedException, ExecutionException, TimeoutException {
        final ProducerRecord<String, String> record = new ProducerRecord<>(topic, null, value);
        headers.forEach((name, bytes) -> record.headers().add(name, bytes));
        producer.send(record).get(ACKNOWLEDGEMENT_WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    /**
     * Sends records {@code from} to {@code from + count - 1}, key and value made from their number,
     * and waits for every acknowledgement; a timeout says how many came.
     */
    void sendMany(
            final String topic,
            final int from,
            final int count,
            final java.util.function.IntFunction<String> key,
            final java.util.function.IntFunction<String> value)
            throws InterruptedException, ExecutionException, TimeoutException {
        final List<java.util.concurrent.Future<?>> sent = new ArrayList<>(count);
        for (int i = from; i < from + count; i++) {
            sent.add(producer.send(new ProducerRecord<>(topic, key.apply(i), value.apply(i))));
        }
        final long deadline = System.nanoTime() + ACKNOWLEDGEMENT_WAIT.toNanos();
        int acknowledged = 0;
        for (final java.util.concurrent.Future<?> each : sent) {
            try {
                each.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (final TimeoutException e) {
                throw new TimeoutException(acknowledged + " of " + count + " records sent to " + topic
                        + " were acknowledged within " + ACKNOWLEDGEMENT_WAIT.toSeconds() + " s");
            }
            acknowledged++;
        }
    }

    /** The first {@code count} records of {@code topic} (fewer when {@code timeout} passes first). */
    List<ConsumerRecord<String, String>> read(final String topic, final int count, final Duration timeout) {
        final List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        unique("reader"),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            final long deadline = System.nanoTime() + timeout.toNanos();
            while (records.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
            }
        }
        return records;
    }

    /** The offset {@code group} committed for partition {@code partition} of {@code topic}, if any. */
    Optional<Long> committed(final String group, final String topic, final int partition) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        group),
                new StringDeserializer(),
                new StringDeserializer())) {
            final TopicPartition key = new TopicPartition(topic, partition);
            final Map<TopicPartition, OffsetAndMetadata> offsets =
                    consumer.committed(java.util.Set.of(key), Duration.ofSeconds(10));
            return Optional.ofNullable(offsets.get(key)).map(OffsetAndMetadata::offset);
        }
    }

    /** The value of the header {@code name} as text, or empty. */
    static Optional<String> header(final ConsumerRecord<?, ?> record, final String name) {
        final Header header = record.headers().lastHeader(name);
        return header == null ? Optional.empty() : Optional.of(new String(header.value(), StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
