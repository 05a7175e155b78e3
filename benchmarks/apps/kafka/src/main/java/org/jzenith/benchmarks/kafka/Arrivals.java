package org.jzenith.benchmarks.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Watches the output topic of a processor run, the same way for both variants: a consumer of its own
 * (no group, every partition from the start) in the bench JVM notes when each record arrives. A
 * value is {@code SENT_NANOS:SEQUENCE:padding}, as {@link ProcessorBench} sends it (the transform
 * leaves digits as they are); a sequence seen twice (at-least-once delivery) counts once, as a
 * duplicate. Negative sequences are warm-up records ({@code -1 - i} for the i-th), counted apart.
 *
 * <p>The poll runs on a thread of its own; the accessors may be called from any thread.
 */
final class Arrivals implements AutoCloseable {

    private final long[] latencies;
    private final java.util.BitSet seen;
    private final java.util.BitSet warmSeen = new java.util.BitSet();
    private final int warmups;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final Thread poller;
    private volatile int warmArrived;
    private volatile int distinct;
    private volatile int duplicates;
    private volatile long lastArrival;

    private Arrivals(
            final String bootstrap, final String topic, final int partitions, final int warmups, final int records) {
        this.warmups = warmups;
        this.latencies = new long[records];
        this.seen = new java.util.BitSet(records);
        final Map<String, Object> settings = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false);
        final List<TopicPartition> assigned = IntStream.range(0, partitions)
                .mapToObj(p -> new TopicPartition(topic, p))
                .toList();
        this.poller = Thread.ofPlatform().name("arrivals").start(() -> {
            try (KafkaConsumer<byte[], byte[]> consumer =
                    new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
                consumer.assign(assigned);
                while (!stopping.get()) {
                    for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(50))) {
                        arrived(record.value(), System.nanoTime());
                    }
                }
            }
        });
    }

    /** Starts watching {@code topic} (of {@code partitions}) for {@code warmups} warm-up records, then {@code records}. */
    static Arrivals watch(
            final String bootstrap, final String topic, final int partitions, final int warmups, final int records) {
        return new Arrivals(bootstrap, topic, partitions, warmups, records);
    }

    private void arrived(final byte[] value, final long now) {
        final String head = new String(value, 0, Math.min(value.length, 40), StandardCharsets.US_ASCII);
        final int first = head.indexOf(':');
        final int second = head.indexOf(':', first + 1);
        final long sent = Long.parseLong(head, 0, first, 10);
        final int sequence = Integer.parseInt(head, first + 1, second, 10);
        if (sequence < 0) {
            if (!warmSeen.get(-1 - sequence)) {
                warmSeen.set(-1 - sequence);
                warmArrived++;
            }
        } else if (seen.get(sequence)) {
            duplicates++;
        } else {
            seen.set(sequence);
            latencies[sequence] = now - sent;
            lastArrival = now;
            distinct++;
        }
    }

    /** Whether every warm-up record has arrived. */
    boolean warm() {
        return warmArrived >= warmups;
    }

    /** Distinct warm-up records arrived. */
    int warmArrived() {
        return warmArrived;
    }

    /** Distinct records arrived. */
    int distinct() {
        return distinct;
    }

    /** Records that arrived a second time. */
    int duplicates() {
        return duplicates;
    }

    /** {@link System#nanoTime()} when the last distinct record arrived. */
    long lastArrival() {
        return lastArrival;
    }

    /** Send → arrival of each distinct record, in nanoseconds, sorted; once all have arrived. */
    long[] sortedLatencies() {
        final long[] sorted = Arrays.copyOf(latencies, latencies.length);
        Arrays.sort(sorted);
        return sorted;
    }

    @Override
    public void close() {
        stopping.set(true);
        try {
            poller.join();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
