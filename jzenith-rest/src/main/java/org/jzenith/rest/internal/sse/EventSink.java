package org.jzenith.rest.internal.sse;

import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The {@link SseEventSink} a resource method gets: events sent from any thread are written on the
 * request's event loop, the response starting with the first ({@code 200}, {@code text/event-stream},
 * {@code Cache-Control: no-cache}). The stage of a send completes when the event is written, and
 * fails once the client is gone or the sink is closed. Closing ends the response.
 *
 * <p>Thread-safe.
 */
public final class EventSink implements SseEventSink {

    private final RoutingContext routing;
    private final Context context;
    private final EventWriter writer;
    /** Starts the response on the event loop: status, headers and content type, as response filters leave them. */
    private final Consumer<RoutingContext> start;

    private volatile boolean closed;
    private boolean started; // on the event loop only

    EventSink(
            final RoutingContext routing,
            final Context context,
            final EventWriter writer,
            final Consumer<RoutingContext> start) {
        this.routing = routing;
        this.context = context;
        this.writer = writer;
        this.start = start;
        // Made on the event loop while the arguments are bound: learn at once when the client leaves.
        routing.response().closeHandler(ignored -> closed = true);
    }

    @Override
    public boolean isClosed() {
        return closed || routing.response().closed();
    }

    @Override
    public CompletionStage<?> send(final OutboundSseEvent event) {
        final CompletableFuture<Void> written = new CompletableFuture<>();
        if (closed) {
            written.completeExceptionally(new IllegalStateException("The event sink is closed"));
            return written;
        }
        final io.vertx.core.buffer.Buffer text;
        try {
            text = writer.write(event);
        } catch (final RuntimeException e) {
            written.completeExceptionally(e);
            return written;
        }
        context.runOnContext(ignored -> {
            final HttpServerResponse response = routing.response();
            // Not the closed flag: a close called after this send is queued behind it and waits for it.
            if (response.closed() || response.ended()) {
                written.completeExceptionally(new IllegalStateException("The client is gone or the sink is closed"));
                return;
            }
            startOnce();
            response.write(text).onComplete(result -> {
                if (result.succeeded()) {
                    written.complete(null);
                } else {
                    written.completeExceptionally(result.cause());
                }
            });
        });
        return written;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.runOnContext(ignored -> {
            final HttpServerResponse response = routing.response();
            if (!response.ended() && !response.closed()) {
                startOnce();
                response.end();
            }
        });
    }

    private void startOnce() {
        if (!started) {
            started = true;
            start.accept(routing);
            routing.response().write(io.vertx.core.buffer.Buffer.buffer(0)); // sends the head at once
        }
    }
}
