package org.jzenith.kafka;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jzenith.core.configuration.SettingProblem;

/**
 * The Kafka client settings of the application: the plugin's own (byte arrays on the wire, manual
 * commits, acknowledged and idempotent sends) and the pass-through ones of {@code kafka.client.*},
 * checked against Kafka's own definitions at start-up. Values of Kafka's password settings (such as
 * {@code sasl.jaas.config}, {@code ssl.key.password}) are never shown.
 */
final class ClientSettings {

    /** The prefix of pass-through settings. */
    static final String PREFIX = "kafka.client.";

    /** What the plugin decides itself, and the key that sets it where there is one. */
    private static final Map<String, String> OWNED = Map.of(
            CommonNames.BOOTSTRAP_SERVERS, "kafka.bootstrap-servers",
            ConsumerConfig.GROUP_ID_CONFIG, "kafka.group-id",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "",
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, "",
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, "",
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, "",
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, "",
            ProducerConfig.MAX_BLOCK_MS_CONFIG, "kafka.send-timeout");

    private static final List<ConfigDef> DEFINITIONS =
            List.of(ConsumerConfig.configDef(), ProducerConfig.configDef(), AdminClientConfig.configDef());

    private ClientSettings() {}

    /** Names used by every client. */
    private static final class CommonNames {
        static final String BOOTSTRAP_SERVERS = "bootstrap.servers";
    }

    /**
     * The pass-through keys that cannot be used whatever their value, in key order, in core's {@link
     * SettingProblem} style: settings the plugin decides itself, and names Kafka does not know (with the
     * nearest known one). Reported by name only: a misspelt key may hold a secret the name no longer
     * shows to be one, so its value is never shown.
     */
    static List<SettingProblem> unusableKeys(final Map<String, String> client) {
        final List<SettingProblem> problems = new ArrayList<>();
        new TreeMap<>(client).keySet().forEach(name -> {
            final String key = PREFIX + name;
            if (OWNED.containsKey(name)) {
                final String instead = OWNED.get(name);
                problems.add(new SettingProblem(
                        key,
                        "no such key: its setting is decided by the plugin"
                                + (instead.isEmpty() ? "; remove the key" : "; set " + instead + " instead")));
            } else if (definition(name).isEmpty()) {
                problems.add(new SettingProblem(
                        key,
                        "the name of a Kafka consumer, producer or admin client setting"
                                + nearest(name)
                                        .map(known -> "; did you mean " + PREFIX + known + "?")
                                        .orElse("; check its name against the Kafka documentation")));
            }
        });
        return List.copyOf(problems);
    }

    /**
     * The pass-through values Kafka would refuse, in key order, in core's {@link SettingProblem} style:
     * reported with their source and value, which core masks for every setting Kafka types as a password
     * ({@link org.jzenith.core.configuration.Secrets}); what Kafka says of such a value is not repeated,
     * as it may quote it.
     */
    static List<SettingProblem> problems(final Map<String, String> client) {
        final List<SettingProblem> problems = new ArrayList<>();
        new TreeMap<>(client).forEach((name, value) -> {
            if (OWNED.containsKey(name)) {
                return; // unusableKeys reports it
            }
            definition(name).ifPresent(setting -> {
                final String type = setting.type.name().toLowerCase(Locale.ROOT);
                try {
                    final Object parsed = ConfigDef.parseType(name, value, setting.type);
                    if (setting.validator != null) {
                        setting.validator.ensureValid(name, parsed);
                    }
                } catch (final ConfigException e) {
                    problems.add(new SettingProblem(
                            PREFIX + name,
                            setting.type == ConfigDef.Type.PASSWORD
                                    ? "a " + type + " value that Kafka accepts; check it (it is secret, so not shown)"
                                    : (type.matches("[aeiou].*") ? "an " : "a ") + type + " value that Kafka accepts ("
                                            + e.getMessage() + ")"));
                }
            });
        });
        return List.copyOf(problems);
    }

    /** The known setting closest to a misspelt {@code name}, if one is close. */
    private static Optional<String> nearest(final String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (final ConfigDef definition : DEFINITIONS) {
            for (final String known : definition.names()) {
                final int distance = distance(name, known);
                if (distance < bestDistance) {
                    best = known;
                    bestDistance = distance;
                }
            }
        }
        return bestDistance <= Math.max(2, name.length() / 5) ? Optional.ofNullable(best) : Optional.empty();
    }

    private static int distance(final String a, final String b) {
        final int[] previous = new int[b.length() + 1];
        final int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                final int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            System.arraycopy(current, 0, previous, 0, current.length);
        }
        return previous[b.length()];
    }

    /** Whether {@code name} (without the prefix) is a Kafka password setting, whose value is never shown. */
    static boolean isSecret(final String name) {
        return definition(name).map(key -> key.type == ConfigDef.Type.PASSWORD).orElse(false);
    }

    private static Optional<ConfigDef.ConfigKey> definition(final String name) {
        return DEFINITIONS.stream()
                .map(definition -> definition.configKeys().get(name))
                .filter(key -> key != null)
                .findFirst();
    }

    /** The settings of a channel's consumer. */
    static Map<String, Object> consumer(
            final String bootstrapServers,
            final String groupId,
            final String clientId,
            final int maxPollRecords,
            final MemoryBudget budget,
            final Map<String, String> client) {
        final Map<String, Object> settings = new HashMap<>();
        // Defaults the application may change: a new group reads a topic from its start, so that
        // nothing sent before the first deployment is lost; fetches sized from the heap.
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        settings.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, budget.fetchMaxBytes());
        settings.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, budget.partitionFetchBytes());
        settings.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
        settings.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        settings.putAll(only(ConsumerConfig.configNames(), client));
        settings.put(CommonNames.BOOTSTRAP_SERVERS, bootstrapServers);
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        settings.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        settings.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return settings;
    }

    /** The settings of the application's one producer (emitters and dead letters). */
    static Map<String, Object> producer(
            final String bootstrapServers,
            final long maxBlockMillis,
            final MemoryBudget budget,
            final Map<String, String> client) {
        final Map<String, Object> settings = new HashMap<>();
        settings.put(ProducerConfig.ACKS_CONFIG, "all");
        settings.put(ProducerConfig.BUFFER_MEMORY_CONFIG, budget.producerBufferBytes());
        settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        settings.putAll(only(ProducerConfig.configNames(), client));
        settings.put(CommonNames.BOOTSTRAP_SERVERS, bootstrapServers);
        settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, maxBlockMillis);
        settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return settings;
    }

    /**
     * The settings of the admin client that checks the brokers at start-up and for the health check.
     * It does not rebootstrap unless {@code kafka.client.metadata.recovery.strategy} says so: with
     * Kafka 4's default, an admin client that reaches no broker starts over at once, again and again,
     * and logged "Rebootstrapping" at INFO about a thousand times a second until start-up gave up.
     * Without it, the client keeps trying the configured brokers with its reconnect backoff.
     */
    static Map<String, Object> admin(final String bootstrapServers, final Map<String, String> client) {
        final Map<String, Object> settings = new HashMap<>();
        settings.put(CommonClientConfigs.METADATA_RECOVERY_STRATEGY_CONFIG, "none");
        settings.putAll(only(AdminClientConfig.configNames(), client));
        settings.put(CommonNames.BOOTSTRAP_SERVERS, bootstrapServers);
        return settings;
    }

    private static Map<String, String> only(final Set<String> names, final Map<String, String> client) {
        final Map<String, String> kept = new HashMap<>();
        client.forEach((name, value) -> {
            if (names.contains(name)) {
                kept.put(name, value);
            }
        });
        return kept;
    }
}
