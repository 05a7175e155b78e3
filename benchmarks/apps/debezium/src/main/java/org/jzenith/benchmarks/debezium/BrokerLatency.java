package org.jzenith.benchmarks.debezium;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Commit-to-broker latency of the user service's events, for benchmarks/outbox.sh: {@code create}
 * makes a topic whose records carry the broker's own append time ({@code
 * message.timestamp.type=LogAppendTime}); {@code measure} reads it from its start to its end and, for
 * each event whose {@code occurredAt} (set by the service just before the change's transaction
 * commits) lies in {@code [from, to]} (epoch ms), takes the broker's append time of its first record
 * less {@code occurredAt}: one clock, this machine's. Prints one JSON line: events, records (copies
 * too), p50, p99 and max in ms.
 *
 * <pre>
 * java -cp 'target/lib/*:target/debezium-benchmark.jar' org.jzenith.benchmarks.debezium.BrokerLatency \
 *     create bootstrap=127.0.0.1:9092 topic=users.latency
 * java ... BrokerLatency measure bootstrap=127.0.0.1:9092 topic=users.latency from=1764370000000 to=1764370015000
 * </pre>
 */
public final class BrokerLatency {

    private static final Pattern OCCURRED_AT = Pattern.compile("\"occurredAt\"\\s*:\\s*\"([^\"]+)\"");

    private BrokerLatency() {}

    public static void main(final String... args) throws Exception {
        final Map<String, String> options = Options.parse(java.util.Arrays.copyOfRange(args, 1, args.length));
        switch (args[0]) {
            case "create" -> create(options.get("bootstrap"), options.get("topic"));
            case "measure" ->
                measure(
                        options.get("bootstrap"),
                        options.get("topic"),
                        Long.parseLong(options.get("from")),
                        Long.parseLong(options.get("to")));
            default -> throw new IllegalArgumentException("create or measure, not " + args[0]);
        }
    }

    private static void create(final String bootstrap, final String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1)
                            .configs(Map.of("message.timestamp.type", "LogAppendTime"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private static void measure(final String bootstrap, final String topic, final long from, final long to) {
        final Properties settings = new Properties();
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        settings.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        // Per event (its payload, which holds its own event id): the broker's append time of its first record.
        final Map<String, Long> byEvent = new HashMap<>();
        long records = 0;
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            final List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            final Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    if (record.timestampType() != TimestampType.LOG_APPEND_TIME) {
                        throw new IllegalStateException(topic + " does not carry the broker's append time");
                    }
                    records++;
                    byEvent.merge(new String(record.value(), StandardCharsets.UTF_8), record.timestamp(), Math::min);
                }
            }
        }
        final List<Long> latencies = new ArrayList<>();
        for (final Map.Entry<String, Long> event : byEvent.entrySet()) {
            final Matcher occurred = OCCURRED_AT.matcher(event.getKey());
            if (!occurred.find()) {
                continue;
            }
            final long at = Instant.parse(occurred.group(1)).toEpochMilli();
            if (at >= from && at <= to) {
                latencies.add(event.getValue() - at);
            }
        }
        Collections.sort(latencies);
        System.out.printf(
                "{\"events\": %d, \"records\": %d, \"p50_ms\": %s, \"p99_ms\": %s, \"max_ms\": %s}%n",
                latencies.size(),
                records,
                percentile(latencies, 50),
                percentile(latencies, 99),
                percentile(latencies, 100));
    }

    private static String percentile(final List<Long> sorted, final int p) {
        if (sorted.isEmpty()) {
            return "null";
        }
        return Long.toString(sorted.get(Math.min(sorted.size() - 1, (int) ((long) sorted.size() * p / 100))));
    }
}
