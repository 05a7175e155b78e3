package org.jzenith.messaging.inprocess;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.messaging.spi.InboundMessage;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * A message of an in-process channel as one of its consumers gets it: the payload as its sender wrote
 * it, the sender's headers and {@code Message} metadata, its number in the channel, and the failure the
 * channel's failure strategy hands back to the sender ({@link #reject}). Thread-safe.
 */
final class InProcessInbound implements InboundMessage {

    private final String channel;
    private final long number;
    private final OutboundMessage message;
    private final io.opentelemetry.context.Context sender;
    private final AtomicReference<Throwable> rejection = new AtomicReference<>();

    InProcessInbound(
            final String channel,
            final long number,
            final OutboundMessage message,
            final io.opentelemetry.context.Context sender) {
        this.channel = channel;
        this.number = number;
        this.message = message;
        this.sender = sender;
    }

    /** The trace context current where the message was sent, which its consumer's span continues. */
    io.opentelemetry.context.Context sender() {
        return sender;
    }

    @Override
    public String source() {
        return channel;
    }

    @Override
    public String position() {
        return channel + "#" + number;
    }

    @Override
    public byte[] payload() {
        return message.payload();
    }

    @Override
    public Optional<byte[]> header(final String name) {
        return Optional.ofNullable(message.headers().get(name));
    }

    /** The metadata objects of the sender's {@code Message}, as it sent them; none for a payload sent alone. */
    @Override
    public List<Object> metadata() {
        return message.metadata();
    }

    @Override
    public long weight() {
        long weight =
                message.payload().length + message.key().map(String::length).orElse(0);
        for (final Map.Entry<String, byte[]> header : message.headers().entrySet()) {
            weight += header.getKey().length() + header.getValue().length;
        }
        return weight;
    }

    @Override
    public String positionalId() {
        return "in-process:" + position();
    }

    @Override
    public Object unwrap() {
        return message;
    }

    /** Records that the message failed for good with {@code failure}, which its sender gets. */
    void reject(final Throwable failure) {
        rejection.compareAndSet(null, failure);
    }

    /** Why it failed for good; empty when it did not. */
    Optional<Throwable> rejection() {
        return Optional.ofNullable(rejection.get());
    }
}
