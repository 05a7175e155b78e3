package org.jzenith.benchmarks.kafka;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;

/**
 * One measurement, printed as a JSON line, for benchmarks/kafka.sh:
 *
 * <pre>
 * KafkaBench run BOOTSTRAP jzenith|bare RECORDS RATE [WARMUP]   # RATE 0: as fast as the producer goes
 * KafkaBench process BOOTSTRAP jzenith|bare RECORDS RATE [WARMUP]   # a processor: see ProcessorBench
 * KafkaBench flood BOOTSTRAP TOPIC GROUP SECONDS [RATE]  # user events at RATE/s (0, the default: full
 *                                                        # rate); lag each second
 * </pre>
 *
 * <p>{@code run} sends RECORDS records of 100 bytes to a new topic of 3 partitions and consumes them
 * in the same JVM: {@code jzenith} through the plugin (an emitter and an {@code @Incoming} method
 * that does nothing), {@code bare} through a {@code KafkaProducer} and a {@code KafkaConsumer} poll
 * loop that commits each poll's offsets asynchronously after handling them. Both producers send with
 * {@code acks=all}, idempotent, at most 20,000 records unacknowledged. Records/s counts from the
 * first send to the commit that covers the last record; latency is send → commit ({@link
 * CommitLatency}). WARMUP records (at least one, the default 1) go the same way first, as fast as the
 * producer takes them, and are awaited uncounted (see {@link ProcessorBench} for why).
 */
public final class KafkaBench {

    private KafkaBench() {}

    public static void main(final String... args) throws Exception {
        switch (args[0]) {
            case "run" -> run(args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), warmups(args));
            case "process" ->
                ProcessorBench.run(
                        args[1], args[2], Integer.parseInt(args[3]), Integer.parseInt(args[4]), warmups(args));
            case "flood" ->
                flood(
                        args[1],
                        args[2],
                        args[3],
                        Integer.parseInt(args[4]),
                        args.length > 5 ? Integer.parseInt(args[5]) : 0);
            default -> throw new IllegalArgumentException("run, process or flood, not " + args[0]);
        }
        System.exit(0);
    }

    /** The warm-up records a {@code run} or {@code process} asks for: its sixth argument, at least 1. */
    private static int warmups(final String... args) {
        return args.length > 5 ? Math.max(1, Integer.parseInt(args[5])) : 1;
    }

    private static void run(
            final String bootstrap, final String variant, final int records, final int rate, final int warmups)
            throws Exception {
        final String topic = "bench-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get();
        }
        CommitLatency.reset(warmups);
        final Variant running =
                switch (variant) {
                    case "jzenith" -> jzenith(bootstrap, topic);
                    case "bare" -> bare(bootstrap, topic);
                    default -> throw new IllegalArgumentException(variant);
                };
        try {
            // warm-up records first: the consumer has joined its group, found the topic and run a while
            Load.paced(warmups, 0, (i, acknowledged) -> running.send
                    .apply(Load.value(System.nanoTime() + ":"))
                    .whenComplete((ok, failure) -> acknowledged.run()));
            awaitDone(warmups, Duration.ofMinutes(5));
            CommitLatency.reset(records);
            final long compiled = Load.compilationMillis();
            final long start = Load.paced(records, rate, (i, acknowledged) -> running.send
                    .apply(Load.value(System.nanoTime() + ":"))
                    .whenComplete((ok, failure) -> acknowledged.run()));
            awaitDone(records, Duration.ofMinutes(5));
            final double seconds = (System.nanoTime() - start) / 1e9;
            final long[] latencies = CommitLatency.latencies();
            Arrays.sort(latencies);
            Load.print(
                    variant, records, rate, seconds, latencies, ",\"jit_ms\":" + (Load.compilationMillis() - compiled));
        } finally {
            running.stop.run();
        }
    }

    private record Variant(Function<String, CompletionStage<?>> send, Runnable stop) {}

    private static Variant jzenith(final String bootstrap, final String topic) {
        final JZenith app = JZenith.application(
                        "--kafka.bootstrap-servers=" + bootstrap,
                        "--kafka.group-id=" + topic,
                        "--kafka.channels.bench-in.topic=" + topic,
                        "--kafka.channels.bench-out.topic=" + topic,
                        "--kafka.client.interceptor.classes=" + CommitLatency.class.getName())
                .withPlugins(KafkaPlugin.withConsumers(Sink.class).withEmitter("bench-out", String.class))
                .start();
        final Source source = app.instance(Source.class);
        return new Variant(source.emitter::send, app::stop);
    }

    private static Variant bare(final String bootstrap, final String topic) {
        final KafkaProducer<String, String> producer = Load.producer(bootstrap);
        final Properties consumerSettings = Load.bareConsumer(bootstrap, topic);
        consumerSettings.put(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG, CommitLatency.class.getName());
        final AtomicBoolean stopping = new AtomicBoolean();
        final Thread poller = Thread.ofPlatform().name("bare-consumer").start(() -> {
            try (KafkaConsumer<String, String> consumer =
                    new KafkaConsumer<>(consumerSettings, new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of(topic));
                while (!stopping.get()) {
                    final ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(100));
                    final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                    for (final ConsumerRecord<String, String> record : records) {
                        if (record.value().isEmpty()) {
                            throw new IllegalStateException("an empty record");
                        }
                        offsets.put(
                                new TopicPartition(record.topic(), record.partition()),
                                new OffsetAndMetadata(record.offset() + 1));
                    }
                    if (!offsets.isEmpty()) {
                        consumer.commitAsync(offsets, null);
                    }
                }
            }
        });
        return new Variant(
                value -> {
                    final java.util.concurrent.CompletableFuture<Void> sent =
                            new java.util.concurrent.CompletableFuture<>();
                    producer.send(new ProducerRecord<>(topic, value), (metadata, failure) -> {
                        if (failure == null) {
                            sent.complete(null);
                        } else {
                            sent.completeExceptionally(failure);
                        }
                    });
                    return sent;
                },
                Load.stopping(stopping, poller, producer));
    }

    /**
     * Sends user events for {@code seconds}, {@code rate} a second (0: as fast as the producer takes
     * them), then watches the lag drain.
     */
    private static void flood(
            final String bootstrap, final String topic, final String group, final int seconds, final int rate)
            throws Exception {
        final Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ProducerConfig.ACKS_CONFIG, "all");
        final AtomicBoolean stop = new AtomicBoolean();
        final java.util.concurrent.atomic.AtomicLong produced = new java.util.concurrent.atomic.AtomicLong();
        final Thread sender = Thread.ofPlatform().start(() -> {
            try (KafkaProducer<String, String> producer =
                    new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer())) {
                final Semaphore window = new Semaphore(Load.OUTSTANDING);
                final long interval = rate > 0 ? 1_000_000_000L / rate : 0;
                final long start = System.nanoTime();
                for (long i = 0; !stop.get(); i++) {
                    if (interval > 0) {
                        final long due = start + i * interval;
                        while (System.nanoTime() < due && !stop.get()) {
                            LockSupport.parkNanos(due - System.nanoTime());
                        }
                    }
                    final UUID user = UUID.randomUUID();
                    final String event = "{\"eventId\":\"" + UUID.randomUUID()
                            + "\",\"type\":\"UserCreated\",\"userId\":\"" + user
                            + "\",\"name\":\"Load Test\",\"occurredAt\":\"" + java.time.Instant.now() + "\"}";
                    window.acquireUninterruptibly();
                    producer.send(new ProducerRecord<>(topic, user.toString(), event), (m, e) -> {
                        window.release();
                        if (e == null) {
                            produced.incrementAndGet();
                        }
                    });
                }
            }
        });
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            final long start = System.nanoTime();
            for (int second = 1; ; second++) {
                LockSupport.parkNanos(start + second * 1_000_000_000L - System.nanoTime());
                if (second == seconds) {
                    stop.set(true);
                }
                final long committed = committed(admin, group, topic);
                final long end = endOffsets(admin, topic);
                System.out.printf(
                        "{\"t\":%d,\"sending\":%b,\"produced\":%d,\"committed\":%d,\"lag\":%d}%n",
                        second, second < seconds, produced.get(), committed, end - committed);
                if (second >= seconds && (end - committed == 0 || second >= seconds + 30)) {
                    break;
                }
            }
        }
        sender.join();
    }

    private static long committed(final Admin admin, final String group, final String topic) throws Exception {
        return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().entrySet().stream()
                .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                .mapToLong(e -> e.getValue().offset())
                .sum();
    }

    private static long endOffsets(final Admin admin, final String topic) throws Exception {
        final int partitions = admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get()
                .get(topic)
                .partitions()
                .size();
        final Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        return admin.listOffsets(latest).all().get().values().stream()
                .mapToLong(ListOffsetsResultInfo::offset)
                .sum();
    }

    private static void awaitDone(final long records, final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (CommitLatency.done() < records) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "only " + CommitLatency.done() + " of " + records + " records committed in " + timeout);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }
}
