package org.jzenith.kafka;

/**
 * What the Kafka clients may hold on the heap, sized from the heap the JVM has rather than from
 * Kafka's defaults, which assume a large one: a consumer fetches up to 50 MiB at a time ({@code
 * fetch.max.bytes}), a producer buffers up to 32 MiB ({@code buffer.memory}), against the 32 MiB
 * heap the launcher gives a service in a 128 MiB container. Here each is a sixteenth of the heap
 * (never more than Kafka's own default), so that one channel's fetch, its records in flight and the
 * producer's buffer take a quarter of the heap at most. The application's own {@code kafka.client.*}
 * settings win over these.
 *
 * @param maxHeap the heap the JVM may grow to, in bytes ({@link Runtime#maxMemory()})
 */
record MemoryBudget(long maxHeap) {

    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;

    /** The budget of this JVM's heap. */
    static MemoryBudget ofThisJvm() {
        return new MemoryBudget(Runtime.getRuntime().maxMemory());
    }

    /** {@code fetch.max.bytes}: what one fetch of a consumer brings at most (Kafka's default: 50 MiB). */
    int fetchMaxBytes() {
        return (int) clamp(maxHeap / 16, 256 * KIB, 50 * MIB);
    }

    /** {@code max.partition.fetch.bytes}: what one fetch brings of one partition (Kafka's default: 1 MiB). */
    int partitionFetchBytes() {
        return (int) clamp(maxHeap / 64, 64 * KIB, MIB);
    }

    /** {@code buffer.memory}: what the producer buffers unsent (Kafka's default: 32 MiB). */
    long producerBufferBytes() {
        return clamp(maxHeap / 16, MIB, 32 * MIB);
    }

    /** Bytes of keys and values a channel holds fetched and unfinished before it pauses fetching. */
    long inFlightBytes() {
        return clamp(maxHeap / 16, MIB, 64 * MIB);
    }

    private static long clamp(final long value, final long min, final long max) {
        return Math.max(min, Math.min(max, value));
    }
}
