package org.jzenith.benchmarks.kafka;

import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What the consumer and the processor measurements do alike: values of 100 bytes that begin with
 * their send time, sent from the same producer at a pace, at most 20,000 unacknowledged; the bare
 * variants' consumer settings; and the line that reports what they measured.
 */
final class Load {

    /** Records sent and not yet acknowledged, at the most. */
    static final int OUTSTANDING = 20_000;

    private static final int PAYLOAD = 100;

    /** Sends one record and calls {@code acknowledged} once the broker has it (or refused it). */
    @FunctionalInterface
    interface Send {
        void send(int index, Runnable acknowledged);
    }

    private Load() {}

    /**
     * Sends {@code records} records through {@code send}, {@code rate} a second (0: as fast as the
     * window of {@value #OUTSTANDING} unacknowledged records lets it); returns {@link System#nanoTime()}
     * at the first send.
     */
    static long paced(final int records, final int rate, final Send send) throws InterruptedException {
        final Semaphore window = new Semaphore(OUTSTANDING);
        final long start = System.nanoTime();
        final long interval = rate > 0 ? 1_000_000_000L / rate : 0;
        for (int i = 0; i < records; i++) {
            if (interval > 0) {
                final long due = start + i * interval;
                while (System.nanoTime() < due) {
                    LockSupport.parkNanos(due - System.nanoTime());
                }
            }
            window.acquire();
            send.send(i, window::release);
        }
        return start;
    }

    /** A value of 100 bytes: {@code head} (which starts with the send time and a colon), then padding. */
    static String value(final String head) {
        final StringBuilder value = new StringBuilder(PAYLOAD).append(head);
        while (value.length() < PAYLOAD) {
            value.append('x');
        }
        return value.toString();
    }

    /** The producer both variants' records are sent with: {@code acks=all}, idempotent. */
    static KafkaProducer<String, String> producer(final String bootstrap) {
        final Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ProducerConfig.ACKS_CONFIG, "all");
        settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer());
    }

    /**
     * The settings of both bare variants' consumer of group {@code group}: commits by hand, from the
     * start of the topic, at most 500 records a poll.
     */
    static Properties bareConsumer(final String bootstrap, final String group) {
        final Properties settings = new Properties();
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        settings.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);
        return settings;
    }

    /**
     * How a bare variant stops: sets {@code stopping}, waits for its {@code poller} thread to end,
     * then closes its {@code producer}.
     */
    static Runnable stopping(final AtomicBoolean stopping, final Thread poller, final KafkaProducer<?, ?> producer) {
        return () -> {
            stopping.set(true);
            try {
                poller.join();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            producer.close();
        };
    }

    /**
     * Prints one measurement as the JSON line kafka.sh reads: records/s over {@code seconds}, and the
     * percentiles of {@code latencies} (nanoseconds, sorted); {@code more} adds fields ({@code ""} or
     * {@code ,"name":value}).
     */
    static void print(
            final String variant,
            final int records,
            final int rate,
            final double seconds,
            final long[] latencies,
            final String more) {
        System.out.printf(
                "{\"variant\":\"%s\",\"records\":%d,\"rate\":%d,\"seconds\":%.3f,\"records_per_s\":%.0f,"
                        + "\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f%s}%n",
                variant,
                records,
                rate,
                seconds,
                records / seconds,
                percentile(latencies, 0.50),
                percentile(latencies, 0.99),
                latencies[latencies.length - 1] / 1e6,
                more);
    }

    /**
     * Milliseconds the JIT has spent compiling in this JVM so far, over all compiler threads: its growth
     * during a measurement says how much of it the JIT's compilations shared the CPUs with the run.
     */
    static long compilationMillis() {
        return java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    private static double percentile(final long[] sorted, final double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
