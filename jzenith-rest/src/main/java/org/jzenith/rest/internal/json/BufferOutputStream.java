package org.jzenith.rest.internal.json;

import io.vertx.core.buffer.Buffer;
import java.io.OutputStream;

/**
 * Collects what Jackson writes straight into a Vert.x {@link Buffer}. Jackson's generator keeps
 * its own (recycled) 8 KB buffer and hands it over once when it closes, so for any body smaller
 * than that the buffer is made at exactly the body's size and filled with one copy; writing to a
 * byte array first and wrapping it would allocate and copy the body twice.
 *
 * <p>One per response; not thread-safe.
 */
public final class BufferOutputStream extends OutputStream {

    private static final int FIRST_SINGLE_BYTE_CAPACITY = 64;

    /** Made on the first write, at that write's size; none for an empty body. */
    private Buffer buffer;

    @Override
    public void write(final int b) {
        if (buffer == null) {
            buffer = Buffer.buffer(FIRST_SINGLE_BYTE_CAPACITY);
        }
        buffer.appendByte((byte) b);
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) {
        if (buffer == null) {
            buffer = Buffer.buffer(length);
        }
        buffer.appendBytes(bytes, offset, length);
    }

    /** What was written so far. */
    public Buffer buffer() {
        return buffer != null ? buffer : Buffer.buffer();
    }
}
