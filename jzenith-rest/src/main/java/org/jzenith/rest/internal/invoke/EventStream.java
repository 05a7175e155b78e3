package org.jzenith.rest.internal.invoke;

import io.micrometer.core.instrument.Counter;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.vertx.core.Context;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.sse.ServerSentEvents;
import org.reactivestreams.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the elements of a stream a resource method returned for {@code text/event-stream} as
 * server-sent events, one event per element, each written (and so flushed) as it comes. The response
 * starts at once, so that a browser's {@code EventSource} opens before the first element; it ends when
 * the stream completes. When the client goes away the stream is cancelled, so that an endless stream
 * holds nothing for a client that left ({@code rest_event_streams_cancelled_total} counts those). It
 * asks for more elements only while the connection's write queue has room.
 *
 * <p>The response has started before the first element, so a failed stream cannot become a problem
 * response: it ends the response (one WARN), and a browser's {@code EventSource} reconnects, as the
 * protocol has it. Signals may arrive on any thread; all work happens on the request's event loop.
 */
final class EventStream implements FlowableSubscriber<Object> {

    static final CharSequence CONTENT_TYPE = HttpHeaders.createOptimized(MediaType.SERVER_SENT_EVENTS);
    static final Map<String, List<String>> HEADERS = Map.of("Cache-Control", List.of("no-cache"));

    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    private static final int BATCH = 16;

    /**
     * How one endpoint writes its elements as events.
     *
     * @param events the application's server-sent events
     * @param elementType how {@code @RestStreamElementType} says to write the data; empty: text for
     *     strings, JSON for other objects
     * @param cancelled counts the streams cancelled because their client went away
     */
    record Elements(ServerSentEvents events, Optional<MediaType> elementType, Counter cancelled) {}

    private final RoutingContext routing;
    private final Context context;
    private final BodyWriter body;
    private final Elements elements;
    private final String endpoint;

    // Confined to the event loop.
    private Subscription subscription;
    private boolean done;
    private int outstanding;

    EventStream(
            final RoutingContext routing,
            final Context context,
            final BodyWriter body,
            final Elements elements,
            final String endpoint) {
        this.routing = routing;
        this.context = context;
        this.body = body;
        this.elements = elements;
        this.endpoint = endpoint;
    }

    @Override
    public void onSubscribe(final Subscription s) {
        OnContext.run(context, () -> {
            subscription = s;
            final HttpServerResponse response = routing.response();
            if (response.closed()) {
                cancel();
                return;
            }
            response.closeHandler(ignored -> cancel());
            response.drainHandler(ignored -> requestMore());
            body.startStream(routing, 200, HEADERS, CONTENT_TYPE, true);
            // Sends the status and headers now: the client learns the stream is open before any event.
            response.writeHead();
            requestMore();
        });
    }

    @Override
    public void onNext(final Object element) {
        OnContext.run(context, () -> {
            if (done) {
                return;
            }
            outstanding--;
            final HttpServerResponse response = routing.response();
            try {
                response.write(elements.events().element(element, elements.elementType()));
            } catch (final IllegalArgumentException e) {
                failed(e);
                return;
            }
            if (outstanding == 0 && !response.writeQueueFull()) {
                requestMore();
            }
        });
    }

    @Override
    public void onError(final Throwable error) {
        OnContext.run(context, () -> {
            if (!done) {
                LOG.warn("{}: its event stream failed, so the response ended: {}", endpoint, error.toString());
                done = true;
                routing.response().end();
            }
        });
    }

    @Override
    public void onComplete() {
        OnContext.run(context, () -> {
            if (!done) {
                done = true;
                routing.response().end();
            }
        });
    }

    private void failed(final IllegalArgumentException e) {
        LOG.warn(
                "{}: an element of its event stream cannot be written, so the stream ended: {}",
                endpoint,
                e.getMessage());
        done = true;
        subscription.cancel();
        routing.response().end();
    }

    private void requestMore() {
        if (!done && outstanding == 0 && subscription != null) {
            outstanding = BATCH;
            subscription.request(BATCH);
        }
    }

    private void cancel() {
        if (!done) {
            done = true;
            elements.cancelled().increment();
            if (subscription != null) {
                subscription.cancel();
            }
        }
    }
}
