package org.jzenith.rest.it.hardening;

import java.io.IOException;
import java.io.OutputStream;

/** Writes to two streams: the console still shows what a test captures. */
public final class TeeStream extends OutputStream {

    private final OutputStream first;
    private final OutputStream second;

    public TeeStream(final OutputStream first, final OutputStream second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void write(final int b) throws IOException {
        first.write(b);
        second.write(b);
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) throws IOException {
        first.write(bytes, offset, length);
        second.write(bytes, offset, length);
    }
}
