package org.jzenith.core.spi.outbox;

/**
 * Writes events into the bytes an outbox row keeps: bound by the relay's plugin (Kafka writes them as
 * its emitters do), used by the store's {@code Outbox}. Thread-safe.
 */
public interface OutboxCodec {

    /** {@code event} as the bytes the relay sends to {@code channel}. */
    byte[] write(String channel, Object event);
}
