package org.jzenith.outbox.log;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jzenith.core.spi.outbox.OutboxRecord;

/**
 * The bytes of one event in the write-ahead log: the content of its {@code pg_logical_emit_message},
 * everything {@link OutboxRecord} needs, in one compact binary frame (big-endian):
 *
 * <pre>
 * version      1 byte    1
 * event id     16 bytes  the UUID's most, then least significant bits
 * created at   8 bytes   epoch milliseconds
 * channel      2 bytes length, then UTF-8
 * key          2 bytes length, then UTF-8
 * traceparent  1 byte length (0: none), then ASCII
 * payload      the rest, as the relay's codec wrote it
 * </pre>
 *
 * <p>A reader takes only the versions it knows: a frame of a later version (written by a newer
 * instance during a rolling upgrade) fails to read, rather than be sent wrong. Stateless.
 */
final class LogEvent {

    /** The frame's version, its first byte. */
    static final byte VERSION = 1;

    private static final int MAX_SHORT_TEXT = 0xFFFF;
    private static final int MAX_TRACE_PARENT = 0xFF;

    private LogEvent() {}

    /** The frame of one event. */
    static byte[] write(
            final UUID eventId,
            final Instant createdAt,
            final String channel,
            final String key,
            final Optional<String> traceParent,
            final byte[] payload) {
        final byte[] channelBytes = text(channel, MAX_SHORT_TEXT, "channel");
        final byte[] keyBytes = text(key, MAX_SHORT_TEXT, "key");
        final byte[] traceBytes = text(traceParent.orElse(""), MAX_TRACE_PARENT, "traceparent");
        final ByteBuffer frame = ByteBuffer.allocate(
                1 + 16 + 8 + 2 + channelBytes.length + 2 + keyBytes.length + 1 + traceBytes.length + payload.length);
        frame.put(VERSION)
                .putLong(eventId.getMostSignificantBits())
                .putLong(eventId.getLeastSignificantBits())
                .putLong(createdAt.toEpochMilli())
                .putShort((short) channelBytes.length)
                .put(channelBytes)
                .putShort((short) keyBytes.length)
                .put(keyBytes)
                .put((byte) traceBytes.length)
                .put(traceBytes)
                .put(payload);
        return frame.array();
    }

    /** The event in {@code frame}, relayed in position {@code id}. */
    static OutboxRecord read(final long id, final ByteBuffer frame) {
        try {
            final byte version = frame.get();
            if (version != VERSION) {
                throw new IllegalArgumentException("an outbox event of frame version " + version
                        + " in the write-ahead log, which this version of jZenith does not read (it reads "
                        + VERSION + ")");
            }
            final UUID eventId = new UUID(frame.getLong(), frame.getLong());
            final Instant createdAt = Instant.ofEpochMilli(frame.getLong());
            final String channel = string(frame, Short.toUnsignedInt(frame.getShort()));
            final String key = string(frame, Short.toUnsignedInt(frame.getShort()));
            final String traceParent = string(frame, Byte.toUnsignedInt(frame.get()));
            final byte[] payload = new byte[frame.remaining()];
            frame.get(payload);
            return new OutboxRecord(
                    id,
                    eventId.toString(),
                    channel,
                    Optional.of(key),
                    payload,
                    createdAt,
                    traceParent.isEmpty() ? Optional.empty() : Optional.of(traceParent));
        } catch (final BufferUnderflowException e) {
            throw new IllegalArgumentException("a truncated outbox event in the write-ahead log", e);
        }
    }

    private static byte[] text(final String text, final int max, final String what) {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > max) {
            throw new IllegalArgumentException(
                    "an outbox event's " + what + " of " + bytes.length + " bytes; at most " + max + " fit");
        }
        return bytes;
    }

    private static String string(final ByteBuffer frame, final int length) {
        final byte[] bytes = new byte[length];
        frame.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
