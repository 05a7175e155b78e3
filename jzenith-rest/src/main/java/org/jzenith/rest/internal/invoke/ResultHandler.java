package org.jzenith.rest.internal.invoke;

import io.reactivex.rxjava3.core.BackpressureOverflowStrategy;
import io.reactivex.rxjava3.core.BackpressureStrategy;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.jzenith.rest.ReactiveAdapter;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.model.ReturnKind;

/**
 * Writes what a resource method returned, by its declared return kind: plain values at once,
 * reactive ones when they complete. Completion may be signalled on any thread; writing always
 * happens on the request's event loop.
 */
@FunctionalInterface
interface ResultHandler {

    /**
     * How many elements of an {@code Observable} may wait for the client before the stream is cut
     * off: an Observable cannot be slowed down, and a synchronous one emits everything at once, so
     * this bounds what it may hold in memory; a {@code Flowable} streams any length.
     */
    int OBSERVABLE_BUFFER = 10_000;

    void handle(RoutingContext routing, Context context, Object result);

    /** The handler of an adapted type: its results become a stage or a publisher, then are written as those are. */
    static ResultHandler adapted(
            final ReactiveAdapter adapter,
            final BodyWriter body,
            final ErrorResponder errors,
            final String endpoint,
            final Optional<EventStream.Elements> events) {
        return switch (adapter) {
            case ReactiveAdapter.One one -> {
                final ResultHandler stages = of(ReturnKind.COMPLETION_STAGE, body, errors, endpoint, events);
                yield (routing, context, result) ->
                        stages.handle(routing, context, one.toCompletionStage().apply(result));
            }
            case ReactiveAdapter.Many many -> {
                final ResultHandler streams = of(ReturnKind.FLOWABLE, body, errors, endpoint, events);
                yield (routing, context, result) -> streams.handle(
                        routing,
                        context,
                        Flowable.fromPublisher(many.toPublisher().apply(result)));
            }
        };
    }

    /**
     * The handler of {@code kind}; a stream ({@code Flowable}, {@code Observable}, an adapted publisher)
     * is sent as server-sent events when {@code events} is present and the request negotiated {@code
     * text/event-stream}, else as a JSON array.
     */
    static ResultHandler of(
            final ReturnKind kind,
            final BodyWriter body,
            final ErrorResponder errors,
            final String endpoint,
            final Optional<EventStream.Elements> events) {
        final Failure failure =
                (routing, context, error) -> OnContext.run(context, () -> errors.fail(routing, endpoint, error));
        return switch (kind) {
            case VALUE -> (routing, context, result) -> body.value(routing, 200, result);
            case VOID -> (routing, context, result) -> body.noContent(routing);
            case SUSPENDED -> (routing, context, result) -> {}; // the AsyncResponse answers
            case ADAPTED -> throw new IllegalArgumentException(endpoint + ": an adapted type needs its adapter");
            case RESPONSE ->
                (routing, context, result) -> {
                    if (result == null) {
                        body.noContent(routing);
                    } else {
                        body.response(routing, (Response) result);
                    }
                };
            case OPTIONAL ->
                (routing, context, result) -> {
                    final Optional<?> optional = (Optional<?>) result;
                    if (optional == null || optional.isEmpty()) {
                        notFound(errors, routing);
                    } else {
                        body.value(routing, 200, optional.get());
                    }
                };
            case SINGLE ->
                (routing, context, result) -> ((Single<?>) result)
                        .subscribe(
                                value -> OnContext.run(context, () -> body.value(routing, 200, value)),
                                error -> failure.fail(routing, context, error));
            case MAYBE ->
                (routing, context, result) -> ((Maybe<?>) result)
                        .subscribe(
                                value -> OnContext.run(context, () -> body.value(routing, 200, value)),
                                error -> failure.fail(routing, context, error),
                                () -> OnContext.run(context, () -> notFound(errors, routing)));
            case COMPLETABLE ->
                (routing, context, result) -> ((Completable) result)
                        .subscribe(
                                () -> OnContext.run(context, () -> body.noContent(routing)),
                                error -> failure.fail(routing, context, error));
            case FLOWABLE ->
                (routing, context, result) ->
                        ((Flowable<?>) result).subscribe(stream(routing, context, body, errors, endpoint, events));
            case OBSERVABLE ->
                // An Observable cannot be slowed down: buffer a bounded number of elements for a slow
                // client, and cut the stream off (the client sees it incomplete) rather than hold an
                // unbounded backlog in memory. A Flowable streams with real back-pressure.
                (routing, context, result) -> ((Observable<?>) result)
                        .toFlowable(BackpressureStrategy.MISSING)
                        .onBackpressureBuffer(OBSERVABLE_BUFFER, () -> {}, BackpressureOverflowStrategy.ERROR)
                        .subscribe(stream(routing, context, body, errors, endpoint, events));
            case COMPLETION_STAGE ->
                (routing, context, result) -> ((CompletionStage<?>) result).whenComplete((value, error) -> {
                    if (error != null) {
                        failure.fail(routing, context, error);
                    } else {
                        OnContext.run(context, () -> body.value(routing, 200, value));
                    }
                });
            case FUTURE ->
                (routing, context, result) -> ((Future<?>) result).onComplete(outcome -> {
                    if (outcome.failed()) {
                        failure.fail(routing, context, outcome.cause());
                    } else {
                        OnContext.run(context, () -> body.value(routing, 200, outcome.result()));
                    }
                });
        };
    }

    /** The subscriber that writes one request's stream: events where negotiated, else a JSON array. */
    private static FlowableSubscriber<Object> stream(
            final RoutingContext routing,
            final Context context,
            final BodyWriter body,
            final ErrorResponder errors,
            final String endpoint,
            final Optional<EventStream.Elements> events) {
        if (events.isPresent() && body.negotiated(routing).toString().startsWith(MediaType.SERVER_SENT_EVENTS)) {
            return new EventStream(routing, context, body, events.get(), endpoint);
        }
        return new JsonArrayStream(routing, context, body, errors, endpoint);
    }

    /** Optional.empty() or an empty Maybe: the route exists, the thing it names does not. */
    private static void notFound(final ErrorResponder errors, final RoutingContext routing) {
        errors.send(routing, 404, "Nothing exists at " + routing.request().path() + " (the request found no result)");
    }

    @FunctionalInterface
    interface Failure {
        void fail(RoutingContext routing, Context context, Throwable error);
    }
}
