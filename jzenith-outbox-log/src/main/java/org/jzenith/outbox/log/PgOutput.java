package org.jzenith.outbox.log;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The messages of PostgreSQL's {@code pgoutput} plugin (protocol version 1) that the relay needs:
 * a transaction's begin and commit, and the logical decoding messages between them; every other kind
 * (relations, rows: none come through an empty publication) is {@link Other}. Stateless.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-logicalrep-message-formats.html">the
 *     message formats</a>
 */
final class PgOutput {

    /** One decoded message. */
    sealed interface Message permits Begin, Emitted, Commit, Other {}

    /** A transaction starts; its messages follow, then its {@link Commit}. */
    record Begin(long finalLsn) implements Message {}

    /**
     * A message of {@code pg_logical_emit_message}: {@code transactional} ones come between their
     * transaction's begin and commit.
     */
    record Emitted(boolean transactional, long lsn, String prefix, ByteBuffer content) implements Message {}

    /** The transaction commits; {@code endLsn} is the position after it, which a reader confirms. */
    record Commit(long commitLsn, long endLsn) implements Message {}

    /** A message the relay does not use. */
    record Other(char kind) implements Message {}

    private PgOutput() {}

    /** The message at {@code buffer}'s position. */
    static Message read(final ByteBuffer buffer) {
        final char kind = (char) buffer.get();
        return switch (kind) {
            case 'B' -> new Begin(buffer.getLong());
            case 'M' -> {
                final boolean transactional = (buffer.get() & 1) != 0;
                final long lsn = buffer.getLong();
                final String prefix = cString(buffer);
                final int length = buffer.getInt();
                final ByteBuffer content = buffer.slice(buffer.position(), length);
                buffer.position(buffer.position() + length);
                yield new Emitted(transactional, lsn, prefix, content);
            }
            case 'C' -> {
                buffer.get(); // flags, unused
                yield new Commit(buffer.getLong(), buffer.getLong());
            }
            default -> new Other(kind);
        };
    }

    private static String cString(final ByteBuffer buffer) {
        final int start = buffer.position();
        int end = start;
        while (buffer.get(end) != 0) {
            end++;
        }
        final byte[] bytes = new byte[end - start];
        buffer.get(bytes);
        buffer.get(); // the terminating zero
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
