package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import io.opentelemetry.api.trace.Span;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * Sends a channel's messages to its exchange, persistent, with publisher confirms and {@code
 * mandatory=true}: the routing key is the channel's, else the payload's key, else the queue's name;
 * the layer's headers go as AMQP headers ({@code jzenith-event-id} among them), {@code traceparent} too;
 * the message id is a random UUID, unique to the publish. Completes when the broker confirmed; fails when it
 * returned the message ({@link UnroutableException}), refused it, or did not confirm within {@code
 * rabbitmq.send-timeout}. Thread-safe.
 */
final class RabbitMqOutbound implements Outbound {

    private final ChannelSettings settings;
    private final String sent; // what a failed send names
    private final RabbitMqClient client;
    private final RabbitMqMetrics.Sent metrics;
    private final RabbitMqTracing tracing;
    private final String user;

    /** @param user the user the plugin connects as, which a message's {@code user-id} must name */
    RabbitMqOutbound(
            final ChannelSettings settings,
            final RabbitMqClient client,
            final RabbitMqMetrics.Sent metrics,
            final RabbitMqTracing tracing,
            final String user) {
        this.user = user;
        this.settings = settings;
        this.sent = "channel '" + settings.channel() + "'";
        this.client = client;
        this.metrics = metrics;
        this.tracing = tracing;
    }

    @Override
    public CompletionStage<Void> send(final OutboundMessage message) {
        final String routingKey = settings.sendKey(message.key());
        final Map<String, Object> headers = new HashMap<>(message.headers());
        final Span span = tracing.send(settings.exchange(), routingKey, headers);
        final java.util.Optional<SendEvent> event =
                SendEvent.begin(settings.channel(), settings.exchange(), routingKey);
        final CompletableFuture<Void> confirmed;
        try {
            final RabbitMqClient.Running running = client.running()
                    .orElseThrow(() -> new IllegalStateException("the rabbitmq plugin does not run, so nothing can be"
                            + " sent to channel '" + settings.channel() + "'"));
            final AMQP.BasicProperties properties = OutgoingProperties.properties(headers, settings.durable());
            confirmed =
                    running.publisher().publish(sent, settings.exchange(), routingKey, properties, message.payload());
        } catch (final RuntimeException e) {
            metrics.failed().increment();
            RabbitMqTracing.fail(span, e);
            event.ifPresent(recorded -> recorded.settle(e));
            return CompletableFuture.failedFuture(e);
        }
        return confirmed.whenComplete((ignored, failure) -> {
            event.ifPresent(recorded -> recorded.settle(failure));
            if (failure == null) {
                metrics.confirmed().increment();
                span.end();
            } else {
                metrics.failed().increment();
                RabbitMqTracing.fail(span, failure);
            }
        });
    }

    /** True for {@link OutgoingRabbitMqMetadata}, which {@link #withMetadata} reads. */
    @Override
    public boolean reads(final Object metadata) {
        return metadata instanceof OutgoingRabbitMqMetadata;
    }

    /**
     * {@code message} with what {@link OutgoingRabbitMqMetadata} in {@code metadata} sets: its routing key
     * (where the channel sets none: a channel's {@code routing-key} is refused rather than overridden) and
     * its headers, as UTF-8. Other connectors' metadata is not this connector's to read.
     *
     * @throws IllegalArgumentException for a routing key on a channel whose settings fix one
     */
    @Override
    public OutboundMessage withMetadata(final OutboundMessage message, final Iterable<Object> metadata) {
        OutboundMessage result = message;
        for (final Object each : metadata) {
            if (!(each instanceof OutgoingRabbitMqMetadata rabbit)) {
                continue;
            }
            if (rabbit.routingKey().isPresent()) {
                if (settings.routingKey()
                        .filter(set -> !set.equals(rabbit.routingKey().get()))
                        .isPresent()) {
                    throw new IllegalArgumentException("OutgoingRabbitMqMetadata names the routing key "
                            + rabbit.routingKey().get() + ", but " + settings.key("routing-key") + " fixes "
                            + settings.routingKey().get() + " for every message of channel '" + settings.channel()
                            + "'; remove that setting to route each message by its own key");
                }
                result = result.withKey(rabbit.routingKey());
            }
            final java.util.List<String> problems = OutgoingProperties.problems(rabbit, user);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("OutgoingRabbitMqMetadata of a message to channel '"
                        + settings.channel() + "' cannot be sent: " + String.join("; ", problems));
            }
            result = OutgoingProperties.carry(result, rabbit);
            for (final Map.Entry<String, String> header : rabbit.headers().entrySet()) {
                result = result.withHeader(header.getKey(), header.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        return result;
    }

    /** This process's part of every message id, random per start. */
    private static final String PROCESS = UUID.randomUUID().toString();

    private static final java.util.concurrent.atomic.AtomicLong PUBLISHES =
            new java.util.concurrent.atomic.AtomicLong();

    /**
     * A message id no other publish has: a returned message is known by it, and an inbox by it. A random
     * part per process and a count: {@code UUID.randomUUID()} per message read the JDK's SecureRandom
     * under its lock, a quarter of the send path's CPU in a profile of {@code benchmarks/rabbitmq.sh}.
     */
    static String uniqueId() {
        return PROCESS + "-" + PUBLISHES.incrementAndGet();
    }

    @Override
    public boolean open() {
        return client.running().map(running -> running.publishing().isOpen()).orElse(false);
    }
}
