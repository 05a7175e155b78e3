package org.jzenith.rest.internal.invoke;

import io.vertx.core.AsyncResult;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import org.jzenith.rest.internal.limits.RequestAdmission;

/**
 * The one place a resource request ends. Registered once when the request enters its route, before
 * admission, it runs when the response ends or the connection closes, whichever branch answered (a
 * result, a problem, a filter's abort, a suspended or streamed response, a 503 of the admission, a
 * client gone): it times the request and emits its {@code jzenith.Request} event ({@link
 * EndpointMetrics}) and gives back its admission place if it took one. The branches in between
 * only answer; none of them can forget to end the request or end it twice. (The access log is the
 * router's own end hook, the same for every route, resource or not.)
 *
 * <p>A client that leaves frees its place at once, even while its method still runs: the place
 * bounds the requests being answered, and nobody waits for this one any more.
 *
 * <p>Thread-safe: one instance serves every event loop; each request's {@link Ending} is touched
 * only on that request's event loop.
 */
public final class RequestCompletion implements Handler<RoutingContext> {

    private final EndpointMetrics metrics;
    /** Empty for routes the admission leaves out (server-sent events). */
    private final Optional<RequestAdmission> admission;

    private final Handler<RoutingContext> next;

    private RequestCompletion(
            final EndpointMetrics metrics,
            final Optional<RequestAdmission> admission,
            final Handler<RoutingContext> next) {
        this.metrics = metrics;
        this.admission = admission;
        this.next = next;
    }

    /**
     * {@code next} behind one completion per request: timed by {@code metrics}, admitted by {@code
     * admission} when present.
     */
    public static RequestCompletion of(
            final EndpointMetrics metrics,
            final Optional<RequestAdmission> admission,
            final Handler<RoutingContext> next) {
        return new RequestCompletion(metrics, admission, next);
    }

    /** On the request's event loop. */
    @Override
    public void handle(final RoutingContext routing) {
        if (routing.response().closed()) {
            return; // gone before its route was reached: its end hooks have run, nobody is waiting
        }
        final Ending ending = new Ending(routing, System.nanoTime());
        routing.addEndHandler(ending);
        if (admission.isPresent()) {
            admission.get().enter(routing, ending, next);
        } else {
            next.handle(routing);
        }
    }

    /** One request's end; the end and close of a response may both report, so it ends once. */
    private final class Ending implements Handler<AsyncResult<Void>>, RequestAdmission.Holder {

        private final RoutingContext routing;
        private final long start;
        private boolean holdsPlace;
        private boolean ended;

        Ending(final RoutingContext routing, final long start) {
            this.routing = routing;
            this.start = start;
        }

        @Override
        public void placeTaken() {
            holdsPlace = true;
        }

        @Override
        public void handle(final AsyncResult<Void> ignored) {
            if (ended) {
                return;
            }
            ended = true;
            if (holdsPlace) {
                admission.orElseThrow().release();
            }
            metrics.record(routing, start);
        }
    }
}
