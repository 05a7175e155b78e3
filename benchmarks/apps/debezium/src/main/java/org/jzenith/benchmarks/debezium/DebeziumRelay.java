package org.jzenith.benchmarks.debezium;

import io.debezium.embedded.Connect;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.debezium.engine.format.ChangeEventFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * The anchor of benchmarks/outbox.sh: what teams run today to relay an outbox table. Debezium's
 * embedded engine with its PostgreSQL connector ({@code pgoutput}, a replication slot of its own) reads
 * the inserts into Debezium's outbox table {@code outboxevent} that the user service writes with
 * {@code user.events=debezium}, its outbox event router turns each into a record (topic, key the
 * aggregate id, value the payload, the event id as a header), and a {@link KafkaProducer} sends each
 * batch to the broker, at least once: the engine's offsets (the slot's confirmed position) move only
 * after the broker acknowledged the whole batch. Debezium's own settings are its defaults, except
 * what the setup needs.
 *
 * <pre>
 * java -cp 'target/lib/*:target/debezium-benchmark.jar' org.jzenith.benchmarks.debezium.DebeziumRelay \
 *     host=127.0.0.1 port=5432 database=users user=postgres bootstrap=127.0.0.1:9092 topic=users.events \
 *     work=/tmp/debezium [poll-interval-ms=500]
 * </pre>
 *
 * Writes {@code work/ready} once the connector's task started (its slot exists, it streams); runs until
 * SIGTERM.
 */
public final class DebeziumRelay {

    private DebeziumRelay() {}

    public static void main(final String... args) throws Exception {
        final Map<String, String> options = Options.parse(args);
        final Path work = Path.of(options.get("work"));
        Files.createDirectories(work);
        final String topic = options.get("topic");

        final Properties producerSettings = new Properties();
        producerSettings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, options.get("bootstrap"));
        producerSettings.put(ProducerConfig.ACKS_CONFIG, "all");
        producerSettings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        final KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(producerSettings, new ByteArraySerializer(), new ByteArraySerializer());

        final Properties engine = new Properties();
        engine.put("name", "jzenith-benchmark-debezium");
        engine.put("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
        engine.put("offset.storage", "org.apache.kafka.connect.storage.FileOffsetBackingStore");
        engine.put("offset.storage.file.filename", work.resolve("offsets.dat").toString());
        engine.put("database.hostname", options.get("host"));
        engine.put("database.port", options.get("port"));
        engine.put("database.user", options.get("user"));
        engine.put("database.password", options.getOrDefault("password", ""));
        engine.put("database.dbname", options.get("database"));
        engine.put("topic.prefix", "bench");
        engine.put("plugin.name", "pgoutput");
        engine.put("slot.name", "debezium_" + options.get("database"));
        engine.put("publication.name", "debezium_" + options.get("database"));
        engine.put("publication.autocreate.mode", "filtered");
        engine.put("table.include.list", "public.outboxevent");
        // The table is new and empty: stream from now, no snapshot.
        engine.put("snapshot.mode", "no_data");
        options.computeIfPresent("poll-interval-ms", (key, value) -> {
            engine.put("poll.interval.ms", value);
            return value;
        });
        // The outbox event router, on Debezium's default outbox table (id, aggregatetype, aggregateid,
        // type, payload): to one topic, keyed by the aggregate id, the payload as the value.
        engine.put("transforms", "outbox");
        engine.put("transforms.outbox.type", "io.debezium.transforms.outbox.EventRouter");
        engine.put("transforms.outbox.route.topic.replacement", topic);
        engine.put("transforms.outbox.table.fields.additional.placement", "id:header:jzenith-event-id");

        final CountDownLatch stopped = new CountDownLatch(1);
        final DebeziumEngine<RecordChangeEvent<SourceRecord>> debezium = DebeziumEngine.create(
                        ChangeEventFormat.of(Connect.class))
                .using(engine)
                .using(new DebeziumEngine.ConnectorCallback() {
                    @Override
                    public void taskStarted() {
                        try {
                            Files.writeString(work.resolve("ready"), "streaming\n");
                        } catch (final java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                })
                .using((success, message, error) -> {
                    if (!success) {
                        System.err.println("Debezium's engine stopped: " + message);
                        if (error != null) {
                            error.printStackTrace();
                        }
                    }
                    stopped.countDown();
                })
                .notifying((records, committer) -> send(producer, records, committer))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                debezium.close();
                stopped.await();
            } catch (final Exception e) {
                e.printStackTrace();
            } finally {
                producer.close();
            }
        }));
        // Returns when the engine stops: on SIGTERM (the hook above), or when it fails.
        debezium.run();
        stopped.await();
    }

    /** Hands the batch to the producer, waits for every acknowledgement, then lets the engine commit it. */
    private static void send(
            final KafkaProducer<byte[], byte[]> producer,
            final List<RecordChangeEvent<SourceRecord>> records,
            final DebeziumEngine.RecordCommitter<RecordChangeEvent<SourceRecord>> committer)
            throws InterruptedException {
        final List<Future<RecordMetadata>> sends = new ArrayList<>(records.size());
        for (final RecordChangeEvent<SourceRecord> event : records) {
            final SourceRecord record = event.record();
            if (record.value() == null) {
                continue; // a tombstone
            }
            final RecordHeaders headers = new RecordHeaders();
            for (final Header header : record.headers()) {
                headers.add(header.key(), bytes(header.value()));
            }
            sends.add(producer.send(
                    new ProducerRecord<>(record.topic(), null, bytes(record.key()), bytes(record.value()), headers)));
        }
        for (final Future<RecordMetadata> send : sends) {
            try {
                send.get();
            } catch (final ExecutionException e) {
                throw new IllegalStateException("the broker did not take an outbox event", e.getCause());
            }
        }
        for (final RecordChangeEvent<SourceRecord> event : records) {
            committer.markProcessed(event);
        }
        committer.markBatchFinished();
    }

    private static byte[] bytes(final Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] raw) {
            return raw;
        }
        if (value instanceof java.nio.ByteBuffer buffer) {
            final byte[] raw = new byte[buffer.remaining()];
            buffer.duplicate().get(raw);
            return raw;
        }
        return value.toString().getBytes(StandardCharsets.UTF_8);
    }
}
