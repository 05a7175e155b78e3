package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ThreadFactory;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.observability.RequestTracing;

/**
 * The stage that hands the bound request to the thread its method runs on ({@link Execution}): the
 * event loop itself, a new virtual thread, or a Vert.x worker; the request's span goes along.
 *
 * <p>Thread-safe; called on the request's event loop.
 */
final class DispatchStage {

    private final Execution execution;
    private final ThreadFactory virtualThreads;
    private final RequestTracing tracing;
    /** False without a tracing plugin, so that such a service's requests pay nothing for tracing. */
    private final boolean traced;

    private final Answering answering;
    private final InvokeStage invoke;

    DispatchStage(
            final Execution execution,
            final ThreadFactory virtualThreads,
            final RequestTracing tracing,
            final Answering answering,
            final InvokeStage invoke) {
        this.execution = execution;
        this.virtualThreads = virtualThreads;
        this.tracing = tracing;
        this.traced = tracing.enabled();
        this.answering = answering;
        this.invoke = invoke;
    }

    void dispatch(
            final RoutingContext routing,
            final Context context,
            final Object[] arguments,
            final Object[][] located,
            final CurrentRequest.Contexts current) {
        switch (execution) {
            case EVENT_LOOP -> invoke.invoke(routing, context, arguments, located, current);
            case VIRTUAL_THREAD -> {
                try {
                    final Runnable call = () -> invoke.invoke(routing, context, arguments, located, current);
                    virtualThreads
                            .newThread(traced ? tracing.carry(call) : call)
                            .start();
                } catch (final Throwable failure) {
                    answering.fail(routing, context, failure); // no thread could be made: out of memory, say
                }
            }
            case WORKER -> {
                final Runnable call = () -> invoke.invoke(routing, context, arguments, located, current);
                final Runnable work = traced ? tracing.carry(call) : call;
                context.executeBlocking(
                        () -> {
                            work.run();
                            return null;
                        },
                        false);
            }
        }
    }
}
