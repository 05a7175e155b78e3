package org.jzenith.rest.internal.sse;

import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.function.Consumer;
import org.jzenith.rest.internal.json.JsonCodec;

/**
 * The application's {@link Sse}: it builds events and broadcasters, and makes the event sink of
 * each request to a method that takes one. Thread-safe.
 */
public final class ServerSentEvents implements Sse {

    private final EventWriter writer;

    public ServerSentEvents(final JsonCodec json) {
        this.writer = new EventWriter(json);
    }

    @Override
    public OutboundSseEvent.Builder newEventBuilder() {
        return new OutboundEvent.Builder();
    }

    @Override
    public SseBroadcaster newBroadcaster() {
        return new Broadcaster();
    }

    /** The sink of one request, made on its event loop; {@code start} starts its response. */
    public SseEventSink sink(
            final RoutingContext routing, final Context context, final Consumer<RoutingContext> start) {
        return new EventSink(routing, context, writer, start);
    }
}
