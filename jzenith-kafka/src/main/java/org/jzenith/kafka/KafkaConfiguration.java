package org.jzenith.kafka;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the Kafka plugin, under {@code kafka.}:
 *
 * <pre>
 * kafka.bootstrap-servers=broker-1:9092,broker-2:9092  # required outside the dev and test profiles
 * kafka.group-id=orders                     # the consumer group; unset: otel.service.name
 * kafka.retries=3                           # attempts after the first, before a record is dead-lettered
 * kafka.backoff=200ms                       # the first retry's wait, doubled each time
 * kafka.max-backoff=10s                     # the longest wait between two attempts
 * kafka.max-in-flight=10000                 # records a channel holds unfinished before it pauses fetching
 * kafka.concurrency=16                      # partitions of a channel processed at the same time
 * kafka.max-record-bytes=1048576            # larger records (key, value, headers) go to the dead letters
 * kafka.failure-strategy=dead-letter-queue  # what becomes of a record that failed for good: or ignore, fail
 * kafka.commit-strategy=throttled           # when offsets are committed: batched, or latest (after each record)
 * kafka.drain-timeout=10s                   # how long stopping waits for records being processed
 * kafka.send-timeout=5s                     # how long Emitter.send waits for buffer space and metadata
 * kafka.unacknowledged-warning=60s          # when a Message method's record not acked yet is logged
 * kafka.connect-timeout=15s                 # how long start-up waits for the brokers
 * kafka.health-timeout=2s                   # how long the health check waits for them
 * kafka.channels.orders.topic=shop.orders   # a channel's topic; unset: the channel's name
 * kafka.channels.orders.dead-letter-topic=shop.orders.dlt   # unset: the topic and ".dlt"
 * kafka.channels.prices.topics=prices.eu,prices.us   # a consumed channel of several topics (dead letters:
 *                                                    # prices.dlt, the channel's name and ".dlt")
 * kafka.channels.quotes.topic=quotes\\..+            # or of every topic a regular expression matches,
 * kafka.channels.quotes.pattern=true                 # topics created later included
 * kafka.channels.orders.retries=5           # each of retries, backoff, max-backoff, max-in-flight and
 *                                           # concurrency, max-record-bytes, failure-strategy,
 *                                           # commit-strategy may be set per channel
 * kafka.client.security.protocol=SASL_SSL   # any Kafka client setting, passed to consumers, producers
 * kafka.client.sasl.mechanism=PLAIN         # and the admin client alike; checked at start-up
 * kafka.client.sasl.jaas.config=${KAFKA_JAAS}   # secret: never shown
 * </pre>
 */
@ConfigMapping(prefix = "kafka")
public interface KafkaConfiguration {

    /**
     * The brokers to connect to first, {@code host:port} separated by commas. Unset: in the {@code
     * dev} and {@code test} profiles the plugin starts a broker of its own; elsewhere start-up fails
     * asking for it.
     */
    Optional<String> bootstrapServers();

    /**
     * The consumer group of every channel of the application. Unset: the application's name as
     * {@code otel.service.name} (or {@code OTEL_SERVICE_NAME}) gives it; an application with
     * consumers and neither does not start.
     */
    Optional<String> groupId();

    /** How many times a failed record is tried again before it goes to the dead-letter topic. */
    @Range(min = 0, max = 1000)
    @WithDefault("3")
    int retries();

    /** How long the first retry waits; each further one waits twice as long, up to {@link #maxBackoff()}. */
    @DurationRange(min = "0ms", max = "1h")
    @WithDefault("200ms")
    Duration backoff();

    /** The longest wait between two attempts at one record. */
    @DurationRange(min = "0ms", max = "1h")
    @WithDefault("10s")
    Duration maxBackoff();

    /**
     * How many records a channel holds fetched but unfinished; past it the channel pauses fetching
     * from its partitions, and resumes once it is below. The memory they take is bounded apart, by a
     * sixteenth of the heap (each record weighed with its objects); this count is generous so that a
     * processor keeps enough results on their way to the broker for its sends to go in full batches.
     */
    @Range(min = 1, max = 1_000_000)
    @WithDefault("10000")
    int maxInFlight();

    /** How many partitions of one channel are processed at the same time, each on its own virtual thread. */
    @Range(min = 1, max = 10_000)
    @WithDefault("16")
    int concurrency();

    /**
     * The most bytes a consumed record may weigh, its key, value and headers together; a larger one
     * is not handed to its method but sent to the dead-letter topic, so that records a producer made
     * too large cannot exhaust the heap. Unset: the bytes a channel holds in flight before it pauses
     * (a sixteenth of the heap, from 1 to 64 MiB).
     */
    @Range(min = MIN_RECORD_BYTES, max = MAX_RECORD_BYTES, hint = "bytes of key, value and headers")
    OptionalLong maxRecordBytes();

    /**
     * What becomes of a record that failed for good (every attempt failed, or it cannot be read), with
     * SmallRye's names: {@code dead-letter-queue} sends it to the channel's dead-letter topic, {@code
     * ignore} commits it as it is (a WARN and a count), {@code fail} stops the channel and makes the
     * health check DOWN ({@link org.jzenith.messaging.spi.FailureStrategy}).
     */
    @WithDefault("dead-letter-queue")
    String failureStrategy();

    /**
     * When the offsets of what is done are committed, with SmallRye's names ({@link
     * org.jzenith.messaging.spi.CommitStrategy}): {@code throttled} commits the offsets past the records
     * done with one commit in flight at a time, carrying everything done meanwhile; {@code latest} commits
     * after every record that moves its partition's offset, each commit on its own.
     */
    @WithDefault("throttled")
    String commitStrategy();

    /** The smallest {@link #maxRecordBytes()}. */
    long MIN_RECORD_BYTES = 1024;

    /** The largest {@link #maxRecordBytes()}: 1 GiB. */
    long MAX_RECORD_BYTES = 1L << 30;

    /**
     * How long stopping waits for the records being processed to finish before it commits what has
     * finished and leaves the group; records not finished by then are delivered again, to the next
     * consumer of their partition.
     */
    @DurationRange(min = "0ms", max = "10m")
    @WithDefault("10s")
    Duration drainTimeout();

    /**
     * How long after its method returned a record that a method taking a {@code Message<T>} has neither
     * acknowledged nor rejected is logged at WARN and counted ({@code
     * kafka_consumer_records_total{outcome="unacknowledged"}}): until it is, nothing after it in its
     * partition is committed.
     */
    @DurationRange(min = "1ms", max = "1h")
    @WithDefault("60s")
    Duration unacknowledgedWarning();

    /**
     * How long {@code Emitter.send} may wait for the topic's metadata and for space in the
     * producer's buffer ({@code max.block.ms}); past it the send fails instead of waiting on.
     */
    @DurationRange(min = "0ms", max = "10m")
    @WithDefault("5s")
    Duration sendTimeout();

    /**
     * How long start-up waits for the brokers to answer before it fails, naming {@code
     * kafka.bootstrap-servers}.
     */
    @DurationRange(min = "100ms", max = "10m")
    @WithDefault("15s")
    Duration connectTimeout();

    /** How long the health check waits for the cluster to answer before it reports DOWN. */
    @DurationRange(min = "100ms", max = "1m")
    @WithDefault("2s")
    Duration healthTimeout();

    /** Settings of single channels, by channel name. */
    Map<String, ChannelConfiguration> channels();

    /**
     * Kafka client settings passed through as they are, such as {@code security.protocol}, {@code
     * ssl.truststore.location}, {@code sasl.jaas.config}: to consumers, producers and the admin
     * client alike. Names Kafka does not know are reported at start-up. The plugin's own choices
     * (byte-array serializers, manual commits) cannot be overridden here.
     */
    @WithName("client")
    Map<String, String> client();

    /** Settings of one channel, under {@code kafka.channels.<name>.}; each one unset takes the plugin's. */
    interface ChannelConfiguration {

        /**
         * The topic; unset: the channel's name. With {@link #pattern()} {@code true}, a regular expression:
         * the channel consumes every topic whose whole name it matches, topics created later included.
         */
        Optional<String> topic();

        /**
         * Several topics one consumed channel reads, separated by commas ({@code prices.eu,prices.us}),
         * as SmallRye's {@code topics}; instead of {@link #topic()}, never with it. A channel sent to
         * takes one topic.
         */
        Optional<List<String>> topics();

        /**
         * Whether {@link #topic()} is a regular expression of the topics to consume, as SmallRye's
         * {@code pattern}; a channel sent to cannot have one. Unset: {@code false}.
         */
        Optional<Boolean> pattern();

        /**
         * Where records go that failed every attempt or cannot be read; unset: the topic and {@code .dlt},
         * or, for a channel of several topics or a pattern, the channel's name and {@code .dlt}.
         */
        Optional<String> deadLetterTopic();

        /** {@link KafkaConfiguration#retries()} for this channel. */
        @Range(min = 0, max = 1000)
        OptionalInt retries();

        /** {@link KafkaConfiguration#backoff()} for this channel. */
        @DurationRange(min = "0ms", max = "1h")
        Optional<Duration> backoff();

        /** {@link KafkaConfiguration#maxBackoff()} for this channel. */
        @DurationRange(min = "0ms", max = "1h")
        Optional<Duration> maxBackoff();

        /** {@link KafkaConfiguration#maxInFlight()} for this channel. */
        @Range(min = 1, max = 1_000_000)
        OptionalInt maxInFlight();

        /** {@link KafkaConfiguration#concurrency()} for this channel. */
        @Range(min = 1, max = 10_000)
        OptionalInt concurrency();

        /** {@link KafkaConfiguration#failureStrategy()} for this channel. */
        Optional<String> failureStrategy();

        /** {@link KafkaConfiguration#commitStrategy()} for this channel. */
        Optional<String> commitStrategy();

        /** {@link KafkaConfiguration#maxRecordBytes()} for this channel. */
        @Range(min = MIN_RECORD_BYTES, max = MAX_RECORD_BYTES, hint = "bytes of key, value and headers")
        OptionalLong maxRecordBytes();
    }
}
