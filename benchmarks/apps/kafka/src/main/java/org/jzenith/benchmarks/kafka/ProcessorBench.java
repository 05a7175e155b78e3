package org.jzenith.benchmarks.kafka;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;

/**
 * One processor measurement (consume, transform, produce), printed as a JSON line, for
 * benchmarks/kafka.sh:
 *
 * <pre>
 * KafkaBench process BOOTSTRAP jzenith|bare RECORDS RATE [WARMUP]   # RATE 0: as fast as the producer goes
 * </pre>
 *
 * <p>The same for both variants: a producer in this JVM ({@code acks=all}, idempotent, at most 20,000
 * records unacknowledged) sends RECORDS records of 100 bytes to a new input topic of 3 partitions,
 * and {@link Arrivals} watches the output topic (3 partitions). Records/s counts from the first send
 * to the arrival of the last record on the output topic; latency is send → arrival there. In between,
 * {@code jzenith}: {@link Upper}, an {@code @Incoming("in") @Outgoing("out")} method, through {@code
 * KafkaPlugin} and its defaults; {@code bare}: one {@code KafkaConsumer} poll loop that sends each
 * record transformed with a {@code KafkaProducer} ({@code acks=all}, idempotent) and commits a poll's
 * input offsets once the broker has acknowledged all of that poll's sends (at least once, as jZenith),
 * without waiting for them before the next poll. Before the measured records, WARMUP records (at least
 * one; the default 1) go the same way as fast as the producer takes them and are awaited, uncounted: the
 * processor has joined its group, and with enough of them its code is compiled (a run of 200,000
 * records lasts 2-5 s, most of it in the JIT's first compilations otherwise).
 */
final class ProcessorBench {

    private static final int PARTITIONS = 3;
    /** A run fails when no record arrived for this long: a stall, not a slow run. */
    private static final Duration STALL = Duration.ofSeconds(60);

    private ProcessorBench() {}

    static void run(final String bootstrap, final String variant, final int records, final int rate, final int warmups)
            throws Exception {
        final String in = "process-in-" + UUID.randomUUID();
        final String out = "process-out-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(
                            List.of(new NewTopic(in, PARTITIONS, (short) 1), new NewTopic(out, PARTITIONS, (short) 1)))
                    .all()
                    .get();
        }
        final Runnable stop =
                switch (variant) {
                    case "jzenith" -> jzenith(bootstrap, in, out);
                    case "bare" -> bare(bootstrap, in, out);
                    default -> throw new IllegalArgumentException(variant);
                };
        try (Arrivals arrivals = Arrivals.watch(bootstrap, out, PARTITIONS, warmups, records);
                KafkaProducer<String, String> producer = Load.producer(bootstrap)) {
            final AtomicReference<Exception> failed = new AtomicReference<>();
            // warm-up records first: the processor has joined its group, found both topics and run a while
            Load.paced(
                    warmups,
                    0,
                    (i, acknowledged) -> producer.send(new ProducerRecord<>(in, value(-1 - i)), (metadata, failure) -> {
                        if (failure != null) {
                            failed.set(failure);
                        }
                        acknowledged.run();
                    }));
            awaitUntil(
                    arrivals::warm,
                    arrivals::warmArrived,
                    () -> "only " + arrivals.warmArrived() + " of " + warmups + " warm-up records arrived");
            final long compiled = Load.compilationMillis();
            final long start = Load.paced(
                    records,
                    rate,
                    (i, acknowledged) -> producer.send(new ProducerRecord<>(in, value(i)), (metadata, failure) -> {
                        if (failure != null) {
                            failed.set(failure);
                        }
                        acknowledged.run();
                    }));
            awaitUntil(
                    () -> {
                        if (failed.get() != null) {
                            throw new IllegalStateException("a send to the input topic failed", failed.get());
                        }
                        return arrivals.distinct() >= records;
                    },
                    arrivals::distinct,
                    () -> "only " + arrivals.distinct() + " of " + records + " records arrived");
            final double seconds = (arrivals.lastArrival() - start) / 1e9;
            final long[] latencies = arrivals.sortedLatencies();
            final long jit = Load.compilationMillis() - compiled;
            Load.print(
                    variant,
                    records,
                    rate,
                    seconds,
                    latencies,
                    ",\"duplicates\":" + arrivals.duplicates() + ",\"jit_ms\":" + jit);
            if (System.getenv("BENCH_CLIENT_METRICS") != null) {
                ClientMetrics.print(System.err);
            }
        } finally {
            stop.run();
        }
    }

    private static Runnable jzenith(final String bootstrap, final String in, final String out) {
        final JZenith app = JZenith.application(
                        "--kafka.bootstrap-servers=" + bootstrap,
                        "--kafka.group-id=" + in,
                        "--kafka.channels.in.topic=" + in,
                        "--kafka.channels.out.topic=" + out)
                .withPlugins(KafkaPlugin.withConsumers(Upper.class))
                .start();
        return app::stop;
    }

    /**
     * A poll loop that transforms and sends each record, keeps polling while the sends are under way,
     * and commits the offsets of the oldest polls whose sends the broker has all acknowledged.
     */
    private static Runnable bare(final String bootstrap, final String in, final String out) {
        final KafkaProducer<String, String> producer = Load.producer(bootstrap);
        final Properties settings = Load.bareConsumer(bootstrap, in);
        final AtomicBoolean stopping = new AtomicBoolean();
        final Thread poller = Thread.ofPlatform().name("bare-processor").start(() -> {
            final ArrayDeque<Batch> sending = new ArrayDeque<>();
            try (KafkaConsumer<String, String> consumer =
                    new KafkaConsumer<>(settings, new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of(in));
                while (!stopping.get()) {
                    final ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
                    if (!records.isEmpty()) {
                        final Batch batch = new Batch(records.count());
                        for (final ConsumerRecord<String, String> record : records) {
                            producer.send(
                                    new ProducerRecord<>(out, record.key(), Upper.transform(record.value())),
                                    (metadata, failure) -> batch.acknowledged(failure));
                            batch.offsets.put(
                                    new TopicPartition(record.topic(), record.partition()),
                                    new OffsetAndMetadata(record.offset() + 1));
                        }
                        sending.add(batch);
                    }
                    final Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
                    while (!sending.isEmpty() && sending.peek().sent()) {
                        done.putAll(sending.poll().offsets);
                    }
                    if (!done.isEmpty()) {
                        consumer.commitAsync(done, null);
                    }
                }
            }
        });
        return Load.stopping(stopping, poller, producer);
    }

    /**
     * The sends of one poll: its offsets may be committed once every send is acknowledged. The
     * producer's I/O thread acknowledges, the poll thread asks.
     */
    private static final class Batch {
        final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        private final AtomicInteger unacknowledged;
        private final AtomicReference<Exception> failure = new AtomicReference<>();

        Batch(final int records) {
            this.unacknowledged = new AtomicInteger(records);
        }

        void acknowledged(final Exception failed) {
            if (failed != null) {
                failure.set(failed);
            }
            unacknowledged.decrementAndGet();
        }

        /**
         * Whether every send is acknowledged; throws when one failed: at least once, a result the broker
         * did not take must not have its record committed, so the loop ends (and the run with it).
         */
        boolean sent() {
            if (failure.get() != null) {
                throw new IllegalStateException("a processed record could not be sent", failure.get());
            }
            return unacknowledged.get() == 0;
        }
    }

    /** Waits until {@code done}, failing when {@code progress} stood still for {@link #STALL}. */
    private static void awaitUntil(final BooleanSupplier done, final IntSupplier progress, final Supplier<String> why) {
        long deadline = System.nanoTime() + STALL.toNanos();
        int seen = progress.getAsInt();
        while (!done.getAsBoolean()) {
            final int now = progress.getAsInt();
            if (now != seen) {
                seen = now;
                deadline = System.nanoTime() + STALL.toNanos();
            } else if (System.nanoTime() > deadline) {
                throw new IllegalStateException(why.get() + " (nothing arrived for " + STALL.toSeconds() + " s)");
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** A value as {@link Arrivals} reads it: {@code SENT_NANOS:SEQUENCE:} and padding. */
    private static String value(final int sequence) {
        return Load.value(System.nanoTime() + ":" + sequence + ":");
    }
}
