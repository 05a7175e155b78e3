package org.jzenith.kafka;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Every commit the broker accepted, per topic, as the plugin's consumers make them: set as {@code
 * kafka.client.interceptor.classes}, which the plugin's producers get as well, so it is both kinds of
 * interceptor (the producer side does nothing).
 */
public final class CommitLog implements ConsumerInterceptor<byte[], byte[]>, ProducerInterceptor<byte[], byte[]> {

    private static final Map<String, Queue<Long>> COMMITTED = new ConcurrentHashMap<>();

    /** The offsets committed for {@code topic}, in the order the broker accepted them. */
    static List<Long> of(final String topic) {
        return List.copyOf(COMMITTED.getOrDefault(topic, new ConcurrentLinkedQueue<>()));
    }

    @Override
    public void onCommit(final Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((partition, offset) -> COMMITTED
                .computeIfAbsent(partition.topic(), topic -> new ConcurrentLinkedQueue<>())
                .add(offset.offset()));
    }

    @Override
    public ConsumerRecords<byte[], byte[]> onConsume(final ConsumerRecords<byte[], byte[]> records) {
        return records;
    }

    @Override
    public ProducerRecord<byte[], byte[]> onSend(final ProducerRecord<byte[], byte[]> record) {
        return record;
    }

    @Override
    public void onAcknowledgement(final RecordMetadata metadata, final Exception exception) {}

    @Override
    public void close() {}

    @Override
    public void configure(final Map<String, ?> configs) {}
}
