package org.jzenith.rest.internal.invoke;

import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.exceptions.MissingBackpressureException;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.reactivestreams.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams the elements of a {@code Flowable} as one JSON array, chunk by chunk, with back-pressure:
 * it asks for more elements only while the connection's write queue has room, and cancels when
 * the client goes away. A failure before the first element is a problem response; after it, the
 * connection is closed so that the client sees the array is incomplete.
 *
 * <p>Signals may arrive on any thread; all work happens on the request's event loop.
 */
final class JsonArrayStream implements FlowableSubscriber<Object> {

    private static final Logger LOG = LoggerFactory.getLogger(JsonArrayStream.class);
    private static final Buffer OPEN = Buffer.buffer("[");
    private static final Buffer SEPARATOR = Buffer.buffer(",");
    private static final Buffer CLOSE = Buffer.buffer("]");
    private static final int BATCH = 16;

    private final RoutingContext routing;
    private final Context context;
    private final BodyWriter body;
    private final ErrorResponder errors;
    private final String endpoint;

    // Confined to the event loop.
    private Subscription subscription;
    private boolean started;
    private boolean first = true;
    private boolean done;
    private int outstanding;

    JsonArrayStream(
            final RoutingContext routing,
            final Context context,
            final BodyWriter body,
            final ErrorResponder errors,
            final String endpoint) {
        this.routing = routing;
        this.context = context;
        this.body = body;
        this.errors = errors;
        this.endpoint = endpoint;
    }

    @Override
    public void onSubscribe(final Subscription s) {
        OnContext.run(context, () -> {
            subscription = s;
            final HttpServerResponse response = routing.response();
            response.closeHandler(ignored -> cancel());
            response.drainHandler(ignored -> requestMore());
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
            start();
            final HttpServerResponse response = routing.response();
            if (!first) {
                response.write(SEPARATOR.copy());
            }
            first = false;
            response.write(body.element(element));
            if (outstanding == 0 && !response.writeQueueFull()) {
                requestMore();
            }
        });
    }

    @Override
    public void onError(final Throwable error) {
        OnContext.run(context, () -> {
            if (done) {
                return;
            }
            done = true;
            if (error instanceof MissingBackpressureException) {
                LOG.warn(
                        "{}: the client fell more than {} elements behind the Observable it returns, which cannot"
                                + " be slowed down, so the response was cut off; return a Flowable to stream with"
                                + " back-pressure",
                        endpoint,
                        ResultHandler.OBSERVABLE_BUFFER);
            } else if (started) {
                LOG.warn(
                        "{} failed after part of its stream was sent; the connection is closed so that the client"
                                + " sees the array is incomplete: {}",
                        endpoint,
                        error.toString());
            }
            if (started) {
                routing.request().connection().close();
            } else {
                errors.fail(routing, endpoint, error);
            }
        });
    }

    @Override
    public void onComplete() {
        OnContext.run(context, () -> {
            if (done) {
                return;
            }
            done = true;
            start();
            routing.response().end(CLOSE.copy());
        });
    }

    private void start() {
        if (!started) {
            started = true;
            body.startStream(routing);
            routing.response().write(OPEN.copy());
        }
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
            subscription.cancel();
        }
    }
}
