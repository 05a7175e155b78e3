package org.jzenith.rabbitmq;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@code Message} sent to a RabbitMQ channel sets besides its payload: a routing key of its own,
 * AMQP headers, and the AMQP basic properties SmallRye's {@code OutgoingRabbitMQMetadata} sets. Added
 * with {@code message.addMetadata(...)} to a processor's result or to what an emitter sends; what is not
 * set keeps the plugin's value (a message id unique to the publish, the delivery mode of the channel's
 * durability, the time of the send). Values are checked when the message is sent, and one out of its
 * range fails the send naming it: a priority outside 0 to 255, an expiration below 1 ms or above 49 days,
 * a delivery mode other than 1 or 2, a message id that an {@code @Idempotent} consumer's inbox cannot
 * keep (blank, longer than 255 characters, or not visible ASCII), a user id other than the user the
 * plugin connects as (the broker would close the channel). Immutable.
 *
 * <pre>{@code
 * emitter.send(Message.of(order).addMetadata(OutgoingRabbitMqMetadata.routingKey("order.created")
 *         .withHeader("source", "shop")
 *         .withContentType("application/json")
 *         .withCorrelationId(request.id())
 *         .withPriority(5)
 *         .withExpiration(Duration.ofMinutes(10))));
 * }</pre>
 *
 * @param routingKey the routing key to publish with, instead of the payload's key or the queue's name
 * @param headers AMQP headers to add, as text
 * @param contentType the {@code content-type} property
 * @param contentEncoding the {@code content-encoding} property
 * @param correlationId the {@code correlation-id} property
 * @param messageId the {@code message-id} property, instead of one unique to the publish; an {@code
 *     Idempotent} consumer knows the message by it
 * @param priority the {@code priority} property, 0 to 255
 * @param expiration the {@code expiration} property: how long the message may wait in a queue
 * @param deliveryMode the {@code delivery-mode} property: 1 transient, 2 persistent
 * @param type the {@code type} property
 * @param userId the {@code user-id} property, which the broker checks against the connection's user
 * @param appId the {@code app-id} property
 * @param replyTo the {@code reply-to} property
 * @param timestamp the {@code timestamp} property (the broker keeps seconds)
 */
public record OutgoingRabbitMqMetadata(
        Optional<String> routingKey,
        Map<String, String> headers,
        Optional<String> contentType,
        Optional<String> contentEncoding,
        Optional<String> correlationId,
        Optional<String> messageId,
        Optional<Integer> priority,
        Optional<Duration> expiration,
        Optional<Integer> deliveryMode,
        Optional<String> type,
        Optional<String> userId,
        Optional<String> appId,
        Optional<String> replyTo,
        Optional<Instant> timestamp) {

    /** The {@code delivery-mode} of a message the broker keeps on disk. */
    public static final int PERSISTENT = 2;

    /** The {@code delivery-mode} of a message the broker keeps in memory only. */
    public static final int TRANSIENT = 1;

    private static final OutgoingRabbitMqMetadata NONE = new OutgoingRabbitMqMetadata(
            Optional.empty(),
            Map.of(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());

    public OutgoingRabbitMqMetadata {
        Objects.requireNonNull(routingKey, "routingKey");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(contentEncoding, "contentEncoding");
        Objects.requireNonNull(correlationId, "correlationId");
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(expiration, "expiration");
        Objects.requireNonNull(deliveryMode, "deliveryMode");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(appId, "appId");
        Objects.requireNonNull(replyTo, "replyTo");
        Objects.requireNonNull(timestamp, "timestamp");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** Metadata that sets nothing yet, to add properties to: {@code properties().withContentType("text/plain")}. */
    public static OutgoingRabbitMqMetadata properties() {
        return NONE;
    }

    /** Metadata that publishes with {@code routingKey}. */
    public static OutgoingRabbitMqMetadata routingKey(final String routingKey) {
        return NONE.withRoutingKey(routingKey);
    }

    /** Metadata that only adds the header {@code name}. */
    public static OutgoingRabbitMqMetadata header(final String name, final String value) {
        return NONE.withHeader(name, value);
    }

    /** This metadata publishing with {@code routingKey}. */
    public OutgoingRabbitMqMetadata withRoutingKey(final String routingKey) {
        return new OutgoingRabbitMqMetadata(
                Optional.of(routingKey),
                headers,
                contentType,
                contentEncoding,
                correlationId,
                messageId,
                priority,
                expiration,
                deliveryMode,
                type,
                userId,
                appId,
                replyTo,
                timestamp);
    }

    /** This metadata with the header {@code name} set to {@code value} too. */
    public OutgoingRabbitMqMetadata withHeader(final String name, final String value) {
        final Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return new OutgoingRabbitMqMetadata(
                routingKey,
                more,
                contentType,
                contentEncoding,
                correlationId,
                messageId,
                priority,
                expiration,
                deliveryMode,
                type,
                userId,
                appId,
                replyTo,
                timestamp);
    }

    /** This metadata with the {@code content-type} property: {@code application/json}. */
    public OutgoingRabbitMqMetadata withContentType(final String value) {
        return with(Property.CONTENT_TYPE, value);
    }

    /** This metadata with the {@code content-encoding} property: {@code gzip}. */
    public OutgoingRabbitMqMetadata withContentEncoding(final String value) {
        return with(Property.CONTENT_ENCODING, value);
    }

    /** This metadata with the {@code correlation-id} property, which a reply carries back. */
    public OutgoingRabbitMqMetadata withCorrelationId(final String value) {
        return with(Property.CORRELATION_ID, value);
    }

    /**
     * This metadata with the {@code message-id} property, instead of the one unique to the publish that the
     * plugin sets: an {@code @Idempotent} consumer applies a message of a known id once.
     */
    public OutgoingRabbitMqMetadata withMessageId(final String value) {
        return with(Property.MESSAGE_ID, value);
    }

    /** This metadata with the {@code type} property. */
    public OutgoingRabbitMqMetadata withType(final String value) {
        return with(Property.TYPE, value);
    }

    /** This metadata with the {@code user-id} property: the user the plugin connects as, or the broker refuses it. */
    public OutgoingRabbitMqMetadata withUserId(final String value) {
        return with(Property.USER_ID, value);
    }

    /** This metadata with the {@code app-id} property. */
    public OutgoingRabbitMqMetadata withAppId(final String value) {
        return with(Property.APP_ID, value);
    }

    /** This metadata with the {@code reply-to} property: the queue a reply should go to. */
    public OutgoingRabbitMqMetadata withReplyTo(final String value) {
        return with(Property.REPLY_TO, value);
    }

    /** This metadata with the {@code priority} property, 0 to 255 (a queue with {@code x-max-priority} reads it). */
    public OutgoingRabbitMqMetadata withPriority(final int value) {
        return new OutgoingRabbitMqMetadata(
                routingKey,
                headers,
                contentType,
                contentEncoding,
                correlationId,
                messageId,
                Optional.of(value),
                expiration,
                deliveryMode,
                type,
                userId,
                appId,
                replyTo,
                timestamp);
    }

    /** This metadata with the {@code expiration} property: the broker drops the message after it waited that long. */
    public OutgoingRabbitMqMetadata withExpiration(final Duration value) {
        return new OutgoingRabbitMqMetadata(
                routingKey,
                headers,
                contentType,
                contentEncoding,
                correlationId,
                messageId,
                priority,
                Optional.of(value),
                deliveryMode,
                type,
                userId,
                appId,
                replyTo,
                timestamp);
    }

    /** This metadata with the {@code delivery-mode} property: {@link #PERSISTENT} or {@link #TRANSIENT}. */
    public OutgoingRabbitMqMetadata withDeliveryMode(final int value) {
        return new OutgoingRabbitMqMetadata(
                routingKey,
                headers,
                contentType,
                contentEncoding,
                correlationId,
                messageId,
                priority,
                expiration,
                Optional.of(value),
                type,
                userId,
                appId,
                replyTo,
                timestamp);
    }

    /** This metadata sent persistent ({@code delivery-mode} 2) or not (1), whatever the channel's durability. */
    public OutgoingRabbitMqMetadata withPersistent(final boolean persistent) {
        return withDeliveryMode(persistent ? PERSISTENT : TRANSIENT);
    }

    /** This metadata with the {@code timestamp} property, instead of the time of the send. */
    public OutgoingRabbitMqMetadata withTimestamp(final Instant value) {
        return new OutgoingRabbitMqMetadata(
                routingKey,
                headers,
                contentType,
                contentEncoding,
                correlationId,
                messageId,
                priority,
                expiration,
                deliveryMode,
                type,
                userId,
                appId,
                replyTo,
                Optional.of(value));
    }

    /** The text properties, so that each wither is one line. */
    private enum Property {
        CONTENT_TYPE,
        CONTENT_ENCODING,
        CORRELATION_ID,
        MESSAGE_ID,
        TYPE,
        USER_ID,
        APP_ID,
        REPLY_TO
    }

    private OutgoingRabbitMqMetadata with(final Property property, final String value) {
        final Optional<String> set = Optional.of(Objects.requireNonNull(value, "value"));
        return new OutgoingRabbitMqMetadata(
                routingKey,
                headers,
                property == Property.CONTENT_TYPE ? set : contentType,
                property == Property.CONTENT_ENCODING ? set : contentEncoding,
                property == Property.CORRELATION_ID ? set : correlationId,
                property == Property.MESSAGE_ID ? set : messageId,
                priority,
                expiration,
                deliveryMode,
                property == Property.TYPE ? set : type,
                property == Property.USER_ID ? set : userId,
                property == Property.APP_ID ? set : appId,
                property == Property.REPLY_TO ? set : replyTo,
                timestamp);
    }
}
