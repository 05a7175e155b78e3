package org.jzenith.rest.internal.sse;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Optional;
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

    /**
     * One element of a stream a resource method returned for {@code text/event-stream}, as its event:
     * an {@link OutboundSseEvent} as it is, anything else as the event's {@code data:}, written as
     * {@code elementType} says ({@code @RestStreamElementType}), else as text when it is a string, a
     * number, a boolean or a character, and as JSON when it is any other object.
     *
     * @throws IllegalArgumentException when the element cannot be written as JSON
     */
    public Buffer element(final Object element, final Optional<MediaType> elementType) {
        if (element instanceof OutboundSseEvent event) {
            return writer.write(event);
        }
        final MediaType type = elementType.orElseGet(
                () -> textual(element) ? MediaType.TEXT_PLAIN_TYPE : MediaType.APPLICATION_JSON_TYPE);
        return writer.write(new OutboundEvent.Builder()
                .mediaType(type)
                .data(element.getClass(), element)
                .build());
    }

    private static boolean textual(final Object element) {
        return element instanceof CharSequence
                || element instanceof Number
                || element instanceof Boolean
                || element instanceof Character;
    }

    /** The sink of one request, made on its event loop; {@code start} starts its response. */
    public SseEventSink sink(
            final RoutingContext routing, final Context context, final Consumer<RoutingContext> start) {
        return new EventSink(routing, context, writer, start);
    }
}
