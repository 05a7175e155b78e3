package org.jzenith.rabbitmq;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the RabbitMQ plugin, under {@code rabbitmq.}:
 *
 * <pre>
 * rabbitmq.host=rabbit.internal             # the server; or rabbitmq.uri, not both
 * rabbitmq.port=5672
 * rabbitmq.virtual-host=/
 * rabbitmq.username=orders                  # unset: the client's guest
 * rabbitmq.password=${RABBITMQ_PASSWORD}    # secret: never shown
 * rabbitmq.uri=amqp://orders:pw@rabbit.internal:5672/shop   # instead of the five above; its password masked
 * rabbitmq.tls.enabled=false               # TLS with rabbitmq.host (an amqps:// URI speaks TLS anyway)
 * rabbitmq.tls.trust-certificates=/etc/rabbitmq/ca.pem   # the CAs to trust; unset: the JVM's trust store
 * rabbitmq.tls.certificate=/etc/rabbitmq/client.pem     # a client certificate, for mutual TLS ...
 * rabbitmq.tls.private-key=/etc/rabbitmq/client.key     # ... and its key (PKCS#8 PEM); both or neither
 * rabbitmq.tls.hostname-verification=true  # the server's certificate must name the host connected to
 * rabbitmq.connect-timeout=15s              # how long start-up waits for the server
 * rabbitmq.drain-timeout=10s                # how long stopping waits for the messages being processed
 * rabbitmq.unacknowledged-warning=60s       # when a Message method's delivery not acked yet is logged and counted
 * rabbitmq.send-timeout=5s                  # how long a send waits for the broker's confirm
 * rabbitmq.retries=3                        # attempts after the first, before a message is dead-lettered
 * rabbitmq.backoff=200ms                    # the first retry's wait, doubled each time
 * rabbitmq.max-backoff=10s                  # the longest wait between two attempts
 * rabbitmq.prefetch=100                     # deliveries a channel holds unacknowledged (the back-pressure bound)
 * rabbitmq.max-message-bytes=4194304        # heavier deliveries (body and headers) are dead-lettered unread
 * rabbitmq.failure-strategy=dead-letter-queue   # or ignore, fail
 * rabbitmq.commit-strategy=throttled        # in-order deliveries acked together; or latest: each acked at once
 * rabbitmq.declare=true                     # declare exchanges, queues and bindings; false: only check them
 * rabbitmq.channels.orders.exchange=shop    # unset: the channel's name
 * rabbitmq.channels.orders.exchange-type=topic  # direct, topic (the default) or fanout
 * rabbitmq.channels.orders.routing-key=order.created  # unset: the payload's key, else the queue's name
 * rabbitmq.channels.orders.queue=shop.orders    # unset: the channel's name
 * rabbitmq.channels.orders.queue-type=quorum    # or classic
 * rabbitmq.channels.orders.durable=true
 * rabbitmq.channels.orders.dead-letter-exchange=shop.orders.dlx  # unset: the queue and ".dlx"
 * rabbitmq.channels.orders.prefetch=10      # each of prefetch, retries, backoff, max-backoff,
 *                                           # failure-strategy, commit-strategy, max-message-bytes and declare
 *                                           # may be set per channel
 * rabbitmq.channels.orders.message-ttl=10m  # x-message-ttl: unset, messages wait for ever
 * rabbitmq.channels.orders.max-length=100000    # x-max-length: unset, no limit
 * rabbitmq.channels.orders.overflow=reject-publish  # x-overflow, with max-length: drop-head (the default) or reject-publish
 * rabbitmq.channels.orders.delivery-limit=20    # x-delivery-limit, quorum queues only
 * </pre>
 */
@ConfigMapping(prefix = "rabbitmq")
public interface RabbitMqConfiguration {

    /** The server's host name; required unless {@link #uri()} is set. */
    Optional<String> host();

    /** The server's AMQP port. */
    @Range(min = 1, max = 65535)
    @WithDefault("5672")
    int port();

    /** The virtual host. */
    @WithDefault("/")
    String virtualHost();

    /** The user; unset: the client's default, {@code guest}. */
    Optional<String> username();

    /** The user's password; secret. Unset: the client's default, {@code guest}. */
    Optional<String> password();

    /**
     * The server as an AMQP URI, {@code amqp://user:password@host:port/vhost} ({@code amqps://} for
     * TLS), instead of host, port, virtual host, user and password; shown with its password masked.
     */
    Optional<String> uri();

    /** TLS to the server, under {@code rabbitmq.tls.}. */
    Tls tls();

    /** How long start-up waits for the server before it fails, naming the server's settings. */
    @DurationRange(min = "100ms", max = "10m")
    @WithDefault("15s")
    Duration connectTimeout();

    /**
     * How long stopping waits for the messages being processed; those not done by then are not
     * acknowledged, and the broker delivers them again.
     */
    @DurationRange(min = "0ms", max = "10m")
    @WithDefault("10s")
    Duration drainTimeout();

    /**
     * How long after its method returned a delivery that a method taking a {@code Message<T>} has neither
     * acknowledged nor rejected is logged at WARN and counted ({@code
     * rabbitmq_consumer_messages_total{outcome="unacknowledged"}}): until it is, it holds a place of the
     * prefetch.
     */
    @DurationRange(min = "1ms", max = "1h")
    @WithDefault("60s")
    Duration unacknowledgedWarning();

    /** How long a send waits for the broker's confirm before it fails. */
    @DurationRange(min = "100ms", max = "10m")
    @WithDefault("5s")
    Duration sendTimeout();

    /** How many times a failed message is tried again before it goes to the dead-letter exchange. */
    @Range(min = 0, max = 1000)
    @WithDefault("3")
    int retries();

    /** How long the first retry waits; each further one waits twice as long, up to {@link #maxBackoff()}. */
    @DurationRange(min = "0ms", max = "1h")
    @WithDefault("200ms")
    Duration backoff();

    /** The longest wait between two attempts at one message. */
    @DurationRange(min = "0ms", max = "1h")
    @WithDefault("10s")
    Duration maxBackoff();

    /**
     * How many deliveries a channel holds unacknowledged ({@code basic.qos}): the broker sends no
     * more until one is acknowledged, which bounds the memory a slow consumer takes.
     */
    @Range(min = 1, max = 65535)
    @WithDefault("100")
    int prefetch();

    /** The most a delivery may weigh, body and headers; a heavier one is dead-lettered unread. */
    @Range(min = MIN_MESSAGE_BYTES, max = MAX_MESSAGE_BYTES)
    @WithDefault("4194304")
    long maxMessageBytes();

    /** What becomes of a message that failed for good: {@code dead-letter-queue}, {@code ignore} or {@code fail}. */
    @WithDefault("dead-letter-queue")
    String failureStrategy();

    /**
     * When the deliveries done are acked, with the names of {@link org.jzenith.messaging.spi.CommitStrategy}:
     * {@code throttled} acks deliveries done in order together, as one {@code basic.ack multiple} held
     * back a little ({@link Acks}); {@code latest} acks every delivery alone, as soon as it is done.
     */
    @WithDefault("throttled")
    String commitStrategy();

    /**
     * Whether start-up declares each channel's exchange, queue, binding and dead-letter exchange and
     * queue; {@code false}: they are declared elsewhere, and start-up only checks that they exist.
     */
    @WithDefault("true")
    boolean declare();

    /** The smallest {@link #maxMessageBytes()}. */
    long MIN_MESSAGE_BYTES = 1024;

    /** The largest {@link #maxMessageBytes()}: 512 MiB, RabbitMQ's own limit. */
    long MAX_MESSAGE_BYTES = 512L << 20;

    /**
     * How the plugin speaks TLS to the server, under {@code rabbitmq.tls.}: with {@code rabbitmq.host}
     * when {@link #enabled()}, with an {@code amqps://} {@code rabbitmq.uri} always. The server's
     * certificate is always checked against the trusted authorities and, unless turned off, against the
     * host connected to. Setting any of these where the plugin speaks plain AMQP is refused at start-up
     * rather than ignored.
     */
    interface Tls {

        /** Whether the plugin speaks TLS to {@code rabbitmq.host} (set {@code rabbitmq.port} to its TLS port, 5671). */
        @WithDefault("false")
        boolean enabled();

        /**
         * A PEM file of the certificate authorities (or self-signed certificates) that the server's
         * certificate must be signed by. Unset: the JVM's default trust store.
         */
        Optional<String> trustCertificates();

        /** A PEM file of the client's certificate chain, for a server that asks for one; with {@link #privateKey()}. */
        Optional<String> certificate();

        /** A PEM file of the private key of {@link #certificate()} (PKCS#8); masked wherever it is shown. */
        Optional<String> privateKey();

        /**
         * Whether the server's certificate must name the host (or IP address) it was reached by, as HTTPS
         * checks it; on unless set. Turn off only for servers whose certificates cannot name their address.
         */
        @WithDefault("true")
        boolean hostnameVerification();
    }

    /** Settings of single channels, by channel name. */
    Map<String, ChannelConfiguration> channels();

    /** Settings of one channel, under {@code rabbitmq.channels.<name>.}; each one unset takes the plugin's. */
    interface ChannelConfiguration {

        /** The exchange sent to and bound; unset: the channel's name. */
        Optional<String> exchange();

        /** {@code direct}, {@code topic} or {@code fanout}; unset: {@code topic}. */
        Optional<String> exchangeType();

        /** The routing key sent with and bound; unset: the payload's key (when it has one), else the queue's name. */
        Optional<String> routingKey();

        /** The queue consumed; unset: the channel's name. */
        Optional<String> queue();

        /** {@code quorum} or {@code classic}; unset: {@code quorum}. */
        Optional<String> queueType();

        /** Whether the exchange and queue survive a broker restart; unset: true. */
        Optional<Boolean> durable();

        /** Where messages that failed for good go; unset: the queue's name and {@code .dlx}. */
        Optional<String> deadLetterExchange();

        /** {@link RabbitMqConfiguration#prefetch()} for this channel. */
        OptionalInt prefetch();

        /** {@link RabbitMqConfiguration#retries()} for this channel. */
        OptionalInt retries();

        /** {@link RabbitMqConfiguration#backoff()} for this channel. */
        Optional<Duration> backoff();

        /** {@link RabbitMqConfiguration#maxBackoff()} for this channel. */
        Optional<Duration> maxBackoff();

        /** {@link RabbitMqConfiguration#failureStrategy()} for this channel. */
        Optional<String> failureStrategy();

        /** {@link RabbitMqConfiguration#commitStrategy()} for this channel. */
        Optional<String> commitStrategy();

        /** {@link RabbitMqConfiguration#maxMessageBytes()} for this channel. */
        OptionalLong maxMessageBytes();

        /** {@link RabbitMqConfiguration#declare()} for this channel. */
        Optional<Boolean> declare();

        /**
         * How long a message may wait in the queue before the broker drops it ({@code x-message-ttl});
         * unset: for ever.
         */
        Optional<Duration> messageTtl();

        /** The most messages the queue holds ({@code x-max-length}); unset: no limit. */
        OptionalInt maxLength();

        /**
         * What a full queue does ({@code x-overflow}): {@code drop-head} drops its oldest message,
         * {@code reject-publish} refuses the send, whose sender sees it fail; unset: {@code drop-head}.
         */
        Optional<String> overflow();

        /**
         * How often a quorum queue delivers a message at most ({@code x-delivery-limit}); one given back
         * more often is dropped. Unset: no limit.
         */
        OptionalInt deliveryLimit();
    }
}
