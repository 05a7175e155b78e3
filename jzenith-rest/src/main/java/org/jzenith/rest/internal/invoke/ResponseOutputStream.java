package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The {@link OutputStream} a {@code StreamingOutput} writes to, from a virtual thread: bytes are
 * gathered into parts of 8 KiB, each handed to the request's event loop and written there; the
 * writer waits while the connection's write queue is full, so a slow client slows the writer
 * instead of filling memory, and gets an {@link IOException} once the client is gone. A body that
 * fits in one part is sent whole, with its length; a longer one is chunked.
 *
 * <p>Not thread-safe: one writer thread uses it.
 */
final class ResponseOutputStream extends OutputStream {

    private static final int PART = 8 * 1024;

    private final RoutingContext routing;
    private final Context context;
    /** Starts the response on the event loop: status and headers; the argument says whether it is chunked. */
    private final Consumer<Boolean> start;

    private byte[] buffer = new byte[PART];
    private int count;
    private boolean started;
    private boolean closed;

    ResponseOutputStream(final RoutingContext routing, final Context context, final Consumer<Boolean> start) {
        this.routing = routing;
        this.context = context;
        this.start = start;
    }

    @Override
    public void write(final int b) throws IOException {
        ensureOpen();
        if (count == buffer.length) {
            send(false);
        }
        buffer[count++] = (byte) b;
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) throws IOException {
        ensureOpen();
        int from = offset;
        int left = length;
        while (left > 0) {
            if (count == buffer.length) {
                send(false);
            }
            final int n = Math.min(left, buffer.length - count);
            System.arraycopy(bytes, from, buffer, count, n);
            count += n;
            from += n;
            left -= n;
        }
    }

    @Override
    public void flush() throws IOException {
        ensureOpen();
        if (count > 0) {
            send(false);
        }
    }

    /** Ends the response with what is left. */
    @Override
    public void close() throws IOException {
        if (!closed) {
            send(true);
            closed = true;
        }
    }

    /** Whether any of the response went out already, so that a failure can no longer be answered. */
    boolean started() {
        return started;
    }

    private void send(final boolean last) throws IOException {
        final Buffer part = Buffer.buffer(count).appendBytes(buffer, 0, count);
        // The part now belongs to the event loop; the writer gets a fresh array (Buffer copies, but
        // a new array keeps that a detail of Buffer's).
        buffer = new byte[PART];
        count = 0;
        final boolean first = !started;
        started = true;
        final CompletableFuture<Void> written = new CompletableFuture<>();
        context.runOnContext(ignored -> {
            try {
                final HttpServerResponse response = routing.response();
                if (first) {
                    start.accept(!last);
                    response.closeHandler(closed -> written.completeExceptionally(gone()));
                }
                if (response.closed()) {
                    written.completeExceptionally(gone());
                } else if (last) {
                    response.end(part);
                    written.complete(null);
                } else {
                    response.write(part);
                    if (response.writeQueueFull()) {
                        response.drainHandler(drained -> written.complete(null));
                    } else {
                        written.complete(null);
                    }
                }
            } catch (final RuntimeException e) {
                written.completeExceptionally(e);
            }
        });
        try {
            written.join();
        } catch (final CompletionException e) {
            closed = true;
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("The response is closed");
        }
    }

    private static IOException gone() {
        return new ClientGone();
    }

    /** The client went away while the body was being written: nothing to answer, nothing to report. */
    static final class ClientGone extends IOException {

        @java.io.Serial
        private static final long serialVersionUID = 1L;

        ClientGone() {
            super("The client closed the connection");
        }
    }
}
