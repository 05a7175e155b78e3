package org.jzenith.rabbitmq;

import com.rabbitmq.client.Delivery;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a RabbitMQ delivery carries besides its body, for a method taking a {@code Message<T>}: the
 * exchange and routing key it came with, its delivery tag and whether it is a redelivery, and its AMQP
 * properties. Header values are as the client read them, long strings as text. Immutable.
 *
 * <pre>{@code
 * @Incoming("orders")
 * public CompletionStage<Void> consume(Message<Order> message) {
 *     IncomingRabbitMqMetadata rabbit = message.getMetadata(IncomingRabbitMqMetadata.class).orElseThrow();
 *     log.info("order from {} ({})", rabbit.routingKey(), rabbit.correlationId().orElse("-"));
 *     return message.ack();
 * }
 * }</pre>
 *
 * @param queue the queue it was consumed from
 * @param exchange the exchange it was published to (empty text for the default exchange)
 * @param routingKey the routing key it was published with
 * @param deliveryTag its delivery tag on the consumer's channel
 * @param redelivered whether the broker delivered it before (to this or another consumer)
 * @param messageId the {@code message-id} property
 * @param correlationId the {@code correlation-id} property
 * @param contentType the {@code content-type} property
 * @param contentEncoding the {@code content-encoding} property
 * @param type the {@code type} property
 * @param appId the {@code app-id} property
 * @param userId the {@code user-id} property
 * @param replyTo the {@code reply-to} property
 * @param expiration the {@code expiration} property, in milliseconds as text
 * @param priority the {@code priority} property
 * @param deliveryMode the {@code delivery-mode} property: 1 transient, 2 persistent
 * @param timestamp the {@code timestamp} property (seconds)
 * @param headers the headers, in the order the broker sent them
 */
public record IncomingRabbitMqMetadata(
        String queue,
        String exchange,
        String routingKey,
        long deliveryTag,
        boolean redelivered,
        Optional<String> messageId,
        Optional<String> correlationId,
        Optional<String> contentType,
        Optional<String> contentEncoding,
        Optional<String> type,
        Optional<String> appId,
        Optional<String> userId,
        Optional<String> replyTo,
        Optional<String> expiration,
        Optional<Integer> priority,
        Optional<Integer> deliveryMode,
        Optional<Instant> timestamp,
        Map<String, Object> headers) {

    public IncomingRabbitMqMetadata {
        java.util.Objects.requireNonNull(queue, "queue");
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** The metadata of {@code delivery}, consumed from {@code queue}. */
    static IncomingRabbitMqMetadata of(final Delivery delivery, final String queue) {
        final var envelope = delivery.getEnvelope();
        final var properties = delivery.getProperties();
        final Map<String, Object> headers = new LinkedHashMap<>();
        if (properties.getHeaders() != null) {
            properties
                    .getHeaders()
                    .forEach((name, value) -> headers.put(
                            name, value instanceof com.rabbitmq.client.LongString text ? text.toString() : value));
        }
        return new IncomingRabbitMqMetadata(
                queue,
                envelope.getExchange(),
                envelope.getRoutingKey(),
                envelope.getDeliveryTag(),
                envelope.isRedeliver(),
                Optional.ofNullable(properties.getMessageId()),
                Optional.ofNullable(properties.getCorrelationId()),
                Optional.ofNullable(properties.getContentType()),
                Optional.ofNullable(properties.getContentEncoding()),
                Optional.ofNullable(properties.getType()),
                Optional.ofNullable(properties.getAppId()),
                Optional.ofNullable(properties.getUserId()),
                Optional.ofNullable(properties.getReplyTo()),
                Optional.ofNullable(properties.getExpiration()),
                Optional.ofNullable(properties.getPriority()),
                Optional.ofNullable(properties.getDeliveryMode()),
                Optional.ofNullable(properties.getTimestamp()).map(java.util.Date::toInstant),
                headers);
    }

    /** A header's value as text: byte arrays read as UTF-8, anything else by its {@code toString()}. */
    public Optional<String> header(final String name) {
        return Optional.ofNullable(headers.get(name))
                .map(value -> value instanceof byte[] bytes
                        ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
                        : value.toString());
    }
}
