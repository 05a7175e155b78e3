package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * The AMQP properties of a send: the plugin's (a message id unique to the publish, the channel's delivery
 * mode, the time) and what an {@link OutgoingRabbitMqMetadata} sets instead. The layer's {@link
 * OutboundMessage} has no place for properties, so {@link #carry} puts them in headers of a name of the
 * plugin's own ({@value #PREFIX}...) and {@link #properties} takes them out again before the publish:
 * they never reach the broker as headers. Stateless.
 */
final class OutgoingProperties {

    /** The prefix of the headers that carry properties from {@code withMetadata} to {@code send}. */
    static final String PREFIX = "jzenith-amqp-";

    /**
     * The header that ties a message the broker returned to its publish when the message id is the
     * application's, which need not be unique to the publish.
     */
    static final String PUBLISH_ID = "jzenith-publish-id";

    /** The longest message id an inbox keeps: its {@code message_id} column is {@code VARCHAR(255)}. */
    static final int MAX_MESSAGE_ID = 255;

    /** The longest {@code expiration} RabbitMQ takes is 2^32-1 ms; 49 days stays below, as for queues. */
    static final Duration MAX_EXPIRATION = QueueArguments.MAX_TTL;

    private static final String CONTENT_TYPE = PREFIX + "content-type";
    private static final String CONTENT_ENCODING = PREFIX + "content-encoding";
    private static final String CORRELATION_ID = PREFIX + "correlation-id";
    private static final String MESSAGE_ID = PREFIX + "message-id";
    private static final String PRIORITY = PREFIX + "priority";
    private static final String EXPIRATION = PREFIX + "expiration";
    private static final String DELIVERY_MODE = PREFIX + "delivery-mode";
    private static final String TYPE = PREFIX + "type";
    private static final String USER_ID = PREFIX + "user-id";
    private static final String APP_ID = PREFIX + "app-id";
    private static final String REPLY_TO = PREFIX + "reply-to";
    private static final String TIMESTAMP = PREFIX + "timestamp";

    private OutgoingProperties() {}

    /**
     * What is wrong with {@code metadata}'s properties for a channel whose connection's user is {@code
     * user}, one text per field naming it; empty when it can be sent.
     */
    static List<String> problems(final OutgoingRabbitMqMetadata metadata, final String user) {
        final List<String> problems = new ArrayList<>();
        metadata.priority()
                .filter(priority -> priority < 0 || priority > 255)
                .ifPresent(priority -> problems.add("priority is " + priority + "; AMQP takes 0 to 255"));
        metadata.expiration()
                .filter(expiration -> expiration.toMillis() < 1 || expiration.compareTo(MAX_EXPIRATION) > 0)
                .ifPresent(expiration -> problems.add("expiration is " + expiration.toMillis()
                        + " ms; set a positive number of milliseconds, at most " + MAX_EXPIRATION.toDays() + " days"));
        metadata.deliveryMode()
                .filter(mode ->
                        mode != OutgoingRabbitMqMetadata.PERSISTENT && mode != OutgoingRabbitMqMetadata.TRANSIENT)
                .ifPresent(mode -> problems.add("deliveryMode is " + mode + "; AMQP takes 1 (transient) or 2"
                        + " (persistent): withPersistent(boolean)"));
        metadata.messageId().flatMap(OutgoingProperties::messageIdProblem).ifPresent(problems::add);
        metadata.userId()
                .filter(id -> !id.equals(user))
                .ifPresent(id -> problems.add("userId is '" + id + "', but the plugin connects as '" + user
                        + "'; RabbitMQ refuses a user-id other than the connection's: remove it or set it to '" + user
                        + "'"));
        metadata.headers().keySet().stream()
                .filter(name -> name.startsWith(PREFIX) || name.equals(PUBLISH_ID))
                .forEach(name -> problems.add(
                        "the header '" + name + "' has a name the plugin keeps for itself;" + " name it otherwise"));
        return List.copyOf(problems);
    }

    /**
     * Why {@code id} cannot be a message id an inbox keeps, as the inbox checks an event id: blank, longer
     * than {@value #MAX_MESSAGE_ID} characters, or not visible ASCII.
     */
    static Optional<String> messageIdProblem(final String id) {
        if (id.isEmpty()) {
            return Optional.of("messageId is empty; set an id, such as a UUID, or none: the plugin then sets one");
        }
        if (id.length() > MAX_MESSAGE_ID) {
            return Optional.of("messageId is " + id.length() + " characters long; an @Idempotent consumer's inbox"
                    + " keeps ids of at most " + MAX_MESSAGE_ID + ": send a shorter id, such as a UUID");
        }
        for (int i = 0; i < id.length(); i++) {
            final char c = id.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                return Optional.of("messageId holds a character that is not visible ASCII (U+"
                        + String.format("%04X", (int) c) + " at position " + i
                        + "); send an id of letters, digits and punctuation, such as a UUID");
            }
        }
        return Optional.empty();
    }

    /** {@code message} carrying {@code metadata}'s properties to {@link #properties}; checked before by {@link #problems}. */
    static OutboundMessage carry(final OutboundMessage message, final OutgoingRabbitMqMetadata metadata) {
        OutboundMessage result = message;
        result = carry(result, CONTENT_TYPE, metadata.contentType());
        result = carry(result, CONTENT_ENCODING, metadata.contentEncoding());
        result = carry(result, CORRELATION_ID, metadata.correlationId());
        result = carry(result, MESSAGE_ID, metadata.messageId());
        result = carry(result, PRIORITY, metadata.priority().map(String::valueOf));
        result = carry(result, EXPIRATION, metadata.expiration().map(value -> Long.toString(value.toMillis())));
        result = carry(result, DELIVERY_MODE, metadata.deliveryMode().map(String::valueOf));
        result = carry(result, TYPE, metadata.type());
        result = carry(result, USER_ID, metadata.userId());
        result = carry(result, APP_ID, metadata.appId());
        result = carry(result, REPLY_TO, metadata.replyTo());
        return carry(result, TIMESTAMP, metadata.timestamp().map(value -> Long.toString(value.toEpochMilli())));
    }

    private static OutboundMessage carry(
            final OutboundMessage message, final String name, final Optional<String> value) {
        return value.map(text -> message.withHeader(name, text.getBytes(StandardCharsets.UTF_8)))
                .orElse(message);
    }

    /**
     * The properties of a publish of {@code headers} (the message's, which this takes the carried
     * properties out of, and adds {@value #PUBLISH_ID} to where the message id is the application's) to a
     * channel {@code durable} or not.
     */
    static AMQP.BasicProperties properties(final Map<String, Object> headers, final boolean durable) {
        final AMQP.BasicProperties.Builder builder = new AMQP.BasicProperties.Builder();
        String messageId = null;
        int deliveryMode = durable ? OutgoingRabbitMqMetadata.PERSISTENT : OutgoingRabbitMqMetadata.TRANSIENT;
        Date timestamp = null;
        final Iterator<Map.Entry<String, Object>> entries = headers.entrySet().iterator();
        while (entries.hasNext()) {
            final Map.Entry<String, Object> entry = entries.next();
            final String name = entry.getKey();
            if (!name.startsWith(PREFIX)) {
                continue;
            }
            entries.remove();
            final String value = new String(RabbitMqInbound.bytes(entry.getValue()), StandardCharsets.UTF_8);
            switch (name) {
                case CONTENT_TYPE -> builder.contentType(value);
                case CONTENT_ENCODING -> builder.contentEncoding(value);
                case CORRELATION_ID -> builder.correlationId(value);
                case MESSAGE_ID -> messageId = value;
                case PRIORITY -> builder.priority(Integer.parseInt(value));
                case EXPIRATION -> builder.expiration(value);
                case DELIVERY_MODE -> deliveryMode = Integer.parseInt(value);
                case TYPE -> builder.type(value);
                case USER_ID -> builder.userId(value);
                case APP_ID -> builder.appId(value);
                case REPLY_TO -> builder.replyTo(value);
                case TIMESTAMP -> timestamp = Date.from(Instant.ofEpochMilli(Long.parseLong(value)));
                default -> {
                    // a name of the plugin's own that no version of it carries: not published either
                }
            }
        }
        if (messageId == null) {
            builder.messageId(RabbitMqOutbound.uniqueId());
        } else {
            builder.messageId(messageId);
            headers.put(PUBLISH_ID, RabbitMqOutbound.uniqueId());
        }
        return builder.deliveryMode(deliveryMode)
                .timestamp(timestamp == null ? new Date() : timestamp)
                .headers(headers)
                .build();
    }

    /**
     * The id a publish is known by until its confirm: {@value #PUBLISH_ID} where the application set the
     * message id, the message id otherwise. Read from a returned message's properties as from a published
     * one's.
     */
    static String publishId(final AMQP.BasicProperties properties) {
        return Optional.ofNullable(properties.getHeaders())
                .map(headers -> headers.get(PUBLISH_ID))
                .map(value -> new String(RabbitMqInbound.bytes(value), StandardCharsets.UTF_8))
                .or(() -> Optional.ofNullable(properties.getMessageId()))
                .orElse("");
    }
}
