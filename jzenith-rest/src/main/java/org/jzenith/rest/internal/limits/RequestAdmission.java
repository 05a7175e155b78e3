package org.jzenith.rest.internal.limits;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterSource;

/**
 * Bounds the resource requests served at once ({@code rest.limits.max-in-flight}) across all event
 * loops, with a bounded queue in front ({@code rest.limits.max-queued}, waiting at most {@code
 * rest.limits.queue-timeout}); a request past both is answered 503 with {@code Retry-After} at once,
 * before any work is done for it. Virtual threads make threads cheap, not the memory and
 * connections each request holds: without a bound, a burst starts all of its work at once.
 *
 * <p>A request takes its place when its handler starts (the {@link Holder} is told) and gives it
 * back when it ends, in its one completion hook ({@link #release()}). Server-sent event streams are left out: they are open
 * for as long as the client listens, and are bounded by the connection limit instead.
 *
 * <p>Thread-safe. The common case, a free place and nobody waiting, is two atomic operations; the
 * queue is locked only while some request waits.
 */
public final class RequestAdmission {

    /**
     * The request's side of a place: told on the request's event loop that the request took one,
     * which it then gives back with {@link #release()} once it ends. Not told for a request that
     * never got one (refused, timed out in the queue, gone while it waited).
     */
    public interface Holder {
        void placeTaken();
    }

    private record Waiting(
            RoutingContext routing, Context context, Holder holder, Handler<RoutingContext> handler, long timer) {}

    private final int maxInFlight;
    private final int maxQueued;
    private final long queueTimeoutMillis;
    private final ErrorResponder errors;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger queued = new AtomicInteger();
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private final Counter queueFull;
    private final Counter queueTimedOut;

    private RequestAdmission(
            final int maxInFlight,
            final int maxQueued,
            final Duration queueTimeout,
            final ErrorResponder errors,
            final MeterRegistry registry) {
        this.maxInFlight = maxInFlight;
        this.maxQueued = maxQueued;
        this.queueTimeoutMillis = Math.max(1, queueTimeout.toMillis());
        this.errors = errors;
        this.queueFull = Rejections.counter(registry, "queue full");
        this.queueTimedOut = Rejections.counter(registry, "queue timeout");
        Gauge.builder("http.server.requests.active", inFlight, AtomicInteger::get)
                .description("Resource requests being served")
                .register(registry);
        Gauge.builder("http.server.requests.queued", queued, AtomicInteger::get)
                .description("Resource requests waiting for a place (rest.limits.max-in-flight)")
                .register(registry);
    }

    public static RequestAdmission of(
            final RestConfiguration.Limits limits, final ErrorResponder errors, final MeterRegistry registry) {
        return new RequestAdmission(limits.maxInFlight(), limits.maxQueued(), limits.queueTimeout(), errors, registry);
    }

    /** Whether requests to {@code endpoint} take a place: all but server-sent event streams. */
    public static boolean appliesTo(final EndpointDefinition endpoint) {
        return endpoint.parameters().stream().noneMatch(parameter -> parameter.source() == ParameterSource.EVENT_SINK);
    }

    /** Gives back the place of a request whose response has ended. */
    public void release() {
        inFlight.decrementAndGet();
        if (queued.get() > 0) {
            synchronized (waiting) {
                dispatchWhileFree();
            }
        }
    }

    /** The resource requests being served now. */
    public int inFlight() {
        return inFlight.get();
    }

    /**
     * Lets the request through to {@code handler} when a place is free, queues it while the queue has
     * room, else answers 503. On the request's event loop.
     */
    public void enter(final RoutingContext routing, final Holder holder, final Handler<RoutingContext> handler) {
        if (queued.get() == 0 && take()) {
            holder.placeTaken();
            handler.handle(routing);
            return;
        }
        final boolean admitted;
        final boolean full;
        synchronized (waiting) {
            admitted = waiting.isEmpty() && take();
            full = !admitted && queued.get() >= maxQueued;
            if (!admitted && !full) {
                waiting.addLast(new Waiting(
                        routing,
                        routing.vertx().getOrCreateContext(),
                        holder,
                        handler,
                        routing.vertx().setTimer(queueTimeoutMillis, ignored -> timedOut(routing))));
                queued.incrementAndGet();
                // A place may have been given back between take() and the queue growing, by a
                // release() that then saw nobody waiting: look again, so that no request waits
                // while a place is free.
                dispatchWhileFree();
            }
        }
        if (admitted) {
            holder.placeTaken();
            handler.handle(routing);
        } else if (full) {
            queueFull.increment();
            errors.overloaded(routing, "The server is busy; try again later");
        }
    }

    private boolean take() {
        if (inFlight.incrementAndGet() <= maxInFlight) {
            return true;
        }
        inFlight.decrementAndGet();
        return false;
    }

    /** Under the lock. */
    private void dispatchWhileFree() {
        while (!waiting.isEmpty() && take()) {
            final Waiting next = waiting.pollFirst();
            queued.decrementAndGet();
            next.routing().vertx().cancelTimer(next.timer());
            next.context().runOnContext(ignored -> {
                if (next.routing().response().closed()
                        || next.routing().response().ended()) {
                    release(); // the client went away while it waited: its completion has run already
                } else {
                    next.holder().placeTaken();
                    next.handler().handle(next.routing());
                }
            });
        }
    }

    private void timedOut(final RoutingContext routing) {
        synchronized (waiting) {
            if (!waiting.removeIf(request -> request.routing() == routing)) {
                return; // dispatched meanwhile
            }
            queued.decrementAndGet();
        }
        queueTimedOut.increment();
        if (!routing.response().closed() && !routing.response().ended()) {
            errors.overloaded(routing, "The server is busy and the request waited too long; try again later");
        }
    }
}
