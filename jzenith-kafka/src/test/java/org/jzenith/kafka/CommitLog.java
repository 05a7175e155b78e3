package org.jzenith.kafka;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The commits a group made for one partition, in the order the broker wrote them, read from the broker's
 * own record of them: the internal {@code __consumer_offsets} topic.
 *
 * <p>Not from the client: the consumer runs commit answers (and its interceptors' {@code onCommit}) on
 * whichever of its threads handles them, its heartbeat thread as well as the polling one, so the order
 * it reports them in is not the order the broker applied them in.
 */
final class CommitLog {

    private static final String OFFSETS_TOPIC = "__consumer_offsets";
    private static final Duration READ = Duration.ofSeconds(10);

    private CommitLog() {}

    /**
     * The offsets {@code group} committed for {@code partition}, oldest first, as {@code bootstrapServers}'
     * broker recorded them.
     */
    static List<Long> of(final String bootstrapServers, final String group, final TopicPartition partition) {
        final List<Long> commits = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            final List<TopicPartition> partitions = consumer.partitionsFor(OFFSETS_TOPIC, READ).stream()
                    .map(info -> new TopicPartition(OFFSETS_TOPIC, info.partition()))
                    .toList();
            final Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, READ);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            final long deadline = System.nanoTime() + READ.toNanos();
            while (partitions.stream().anyMatch(each -> consumer.position(each, READ) < ends.get(each))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(OFFSETS_TOPIC + " was not read to its end within " + READ);
                }
                for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    offsetCommitted(record, group, partition).ifPresent(commits::add);
                }
            }
        }
        return commits;
    }

    /**
     * The offset {@code record} commits for {@code group} and {@code partition}, if it is such a commit.
     * The key is the record's type (0 and 1 are offset commits), the group, the topic and the partition;
     * the value starts with its version and the offset. A removed commit has no value.
     */
    private static Optional<Long> offsetCommitted(
            final ConsumerRecord<byte[], byte[]> record, final String group, final TopicPartition partition) {
        if (record.value() == null) {
            return Optional.empty();
        }
        final ByteBuffer key = ByteBuffer.wrap(record.key());
        final short type = key.getShort();
        if (type != 0 && type != 1) {
            return Optional.empty();
        }
        if (!group.equals(string(key))
                || !partition.topic().equals(string(key))
                || key.getInt() != partition.partition()) {
            return Optional.empty();
        }
        return Optional.of(ByteBuffer.wrap(record.value()).getLong(Short.BYTES));
    }

    private static String string(final ByteBuffer buffer) {
        final byte[] bytes = new byte[buffer.getShort()];
        buffer.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
