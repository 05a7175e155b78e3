package org.jzenith.benchmarks.kafka;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Measures produce → consume → commit the same way for both variants, from inside the Kafka client:
 * as a consumer interceptor it notes each fetched record's send time (the value starts with the
 * sender's {@code System.nanoTime()}, one JVM), and when the broker acknowledges a commit it takes
 * every record below the committed offset as done at that moment. Given as {@code
 * interceptor.classes} to the bare consumer and through {@code kafka.client.interceptor.classes} to
 * the plugin's, which passes it to its producer too: there it does nothing.
 */
public final class CommitLatency implements ConsumerInterceptor<Object, Object>, ProducerInterceptor<Object, Object> {

    private static final Map<TopicPartition, ArrayDeque<long[]>> PENDING = new HashMap<>();
    private static volatile long[] latencies = new long[0];
    private static final AtomicLong DONE = new AtomicLong();

    /** Starts a new measurement of at most {@code records} records. */
    static synchronized void reset(final int records) {
        PENDING.clear();
        latencies = new long[records];
        DONE.set(0);
    }

    /** Records committed since the last reset. */
    static long done() {
        return DONE.get();
    }

    /** The latencies measured, in nanoseconds, unsorted. */
    static synchronized long[] latencies() {
        return java.util.Arrays.copyOf(latencies, (int) Math.min(DONE.get(), latencies.length));
    }

    @Override
    public ConsumerRecords<Object, Object> onConsume(final ConsumerRecords<Object, Object> records) {
        synchronized (CommitLatency.class) {
            for (final ConsumerRecord<Object, Object> record : records) {
                PENDING.computeIfAbsent(new TopicPartition(record.topic(), record.partition()), p -> new ArrayDeque<>())
                        .add(new long[] {record.offset(), sentAt(record.value())});
            }
        }
        return records;
    }

    @Override
    public void onCommit(final Map<TopicPartition, OffsetAndMetadata> offsets) {
        final long now = System.nanoTime();
        synchronized (CommitLatency.class) {
            offsets.forEach((partition, offset) -> {
                final ArrayDeque<long[]> pending = PENDING.get(partition);
                while (pending != null && !pending.isEmpty() && pending.peek()[0] < offset.offset()) {
                    final long sent = pending.poll()[1];
                    final long index = DONE.getAndIncrement();
                    if (index < latencies.length) {
                        latencies[(int) index] = now - sent;
                    }
                }
            });
        }
    }

    private static long sentAt(final Object value) {
        final String text = value instanceof byte[] bytes
                ? new String(bytes, 0, Math.min(bytes.length, 24), StandardCharsets.US_ASCII)
                : value.toString();
        final int end = text.indexOf(':');
        return Long.parseLong(end < 0 ? text : text.substring(0, end));
    }

    @Override
    public ProducerRecord<Object, Object> onSend(final ProducerRecord<Object, Object> record) {
        return record;
    }

    @Override
    public void onAcknowledgement(final RecordMetadata metadata, final Exception exception) {}

    @Override
    public void close() {}

    @Override
    public void configure(final Map<String, ?> configs) {}
}
