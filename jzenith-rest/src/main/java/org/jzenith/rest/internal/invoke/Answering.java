package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.errors.ErrorResponder;

/**
 * How every stage of an endpoint answers: on the request's event loop, with the request's
 * per-request contexts set for the filters, mappers and writers that read them. The request's end
 * is seen by its {@link RequestCompletion}, not here.
 *
 * <p>Thread-safe: called from the event loop, a virtual thread or a worker.
 */
final class Answering {

    /** Where the per-request contexts wait on the routing context for the answer, made on the event loop. */
    static final String CURRENT = CurrentRequest.class.getName();

    private final ErrorResponder errors;
    private final String displayName;
    /** False where the endpoint has no per-request {@code @Context} fields, so that it pays nothing for them. */
    private final boolean hasCurrent;

    Answering(final ErrorResponder errors, final String displayName, final boolean hasCurrent) {
        this.errors = errors;
        this.displayName = displayName;
        this.hasCurrent = hasCurrent;
    }

    /** Runs {@code answer} on the event loop of {@code context}. */
    void answer(final RoutingContext routing, final Context context, final Runnable answer) {
        if (!hasCurrent) {
            OnContext.run(context, answer); // nothing to set around it, so no wrapper to allocate per request
            return;
        }
        OnContext.run(context, () -> {
            // Response filters, mappers and writers with per-request @Context fields answer for this request.
            final CurrentRequest.Contexts current = routing.get(CURRENT);
            if (current != null) {
                CurrentRequest.set(current);
            }
            try {
                answer.run();
            } finally {
                if (current != null) {
                    CurrentRequest.clear();
                }
            }
        });
    }

    /**
     * Answers {@code failure} on the event loop, even an {@link Error}: on a virtual thread nothing
     * else would, and the client would wait for ever. A JVM error is rethrown once answered.
     */
    void fail(final RoutingContext routing, final Context context, final Throwable failure) {
        answer(routing, context, () -> errors.fail(routing, displayName, failure));
        if (failure instanceof VirtualMachineError fatal) {
            throw fatal;
        }
    }
}
