package org.jzenith.rabbitmq;

import com.rabbitmq.client.Delivery;
import com.rabbitmq.client.LongString;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.jzenith.messaging.spi.InboundMessage;

/**
 * A delivery from a queue as the messaging layer reads it: its body is the payload, its position is
 * {@code queue#deliveryTag}, and its headers are the AMQP headers ({@code byte[]}, {@code String} and
 * the client's {@code LongString} values as they are, other values as their text). An inbox knows a
 * message without an event id by its {@code message-id} property (by its SHA-256 where the id is longer
 * than an inbox keeps or not visible ASCII); one without that too by the queue,
 * a random id of the consumer's session and the delivery tag, which never repeats but is new for a
 * redelivery of the same message. Immutable.
 *
 * @param delivery the delivery as the client gave it
 * @param queue the queue it came from
 * @param session the consumer's session, random per start
 */
record RabbitMqInbound(Delivery delivery, String queue, String session) implements InboundMessage {

    /** The delivery {@code message} wraps: every message a RabbitMQ channel's processor sees is one. */
    static Delivery delivery(final InboundMessage message) {
        return (Delivery) message.unwrap();
    }

    @Override
    public String source() {
        return queue;
    }

    @Override
    public String position() {
        return queue + "#" + delivery.getEnvelope().getDeliveryTag();
    }

    @Override
    public byte[] payload() {
        return delivery.getBody() == null ? new byte[0] : delivery.getBody();
    }

    @Override
    public Optional<byte[]> header(final String name) {
        return Optional.ofNullable(headers().get(name)).map(RabbitMqInbound::bytes);
    }

    private Map<String, Object> headers() {
        final Map<String, Object> headers = delivery.getProperties().getHeaders();
        return headers == null ? Map.of() : headers;
    }

    /** A header's value as bytes: byte arrays and long strings as they are, anything else as its UTF-8 text. */
    static byte[] bytes(final Object value) {
        return switch (value) {
            case byte[] bytes -> bytes;
            case LongString text -> text.getBytes();
            default -> String.valueOf(value).getBytes(StandardCharsets.UTF_8);
        };
    }

    @Override
    public long weight() {
        long weight = payload().length;
        for (final Map.Entry<String, Object> header : headers().entrySet()) {
            weight += header.getKey().length() + (header.getValue() == null ? 0 : bytes(header.getValue()).length);
        }
        return weight;
    }

    @Override
    public String positionalId() {
        final String messageId = delivery.getProperties().getMessageId();
        if (messageId != null && !messageId.isBlank()) {
            // A foreign producer's id the inbox cannot keep (too long, not visible ASCII) is known by its
            // digest: the same for every delivery of the message, as the id itself would be.
            return OutgoingProperties.messageIdProblem(messageId).isEmpty() ? messageId : digest(messageId);
        }
        return queue + "#" + session + "#" + delivery.getEnvelope().getDeliveryTag();
    }

    /** {@code message-id-sha256:} and the SHA-256 of {@code id}'s UTF-8 bytes, in hex: 82 characters. */
    static String digest(final String id) {
        try {
            return "message-id-sha256:"
                    + java.util.HexFormat.of()
                            .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                                    .digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (final java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @Override
    public Object unwrap() {
        return delivery;
    }

    /** The delivery's exchange, routing key, tag and AMQP properties, for a method taking a {@code Message<T>}. */
    @Override
    public java.util.List<Object> metadata() {
        return java.util.List.of(IncomingRabbitMqMetadata.of(delivery, queue));
    }
}
