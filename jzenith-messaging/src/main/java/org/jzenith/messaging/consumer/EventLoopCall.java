package org.jzenith.messaging.consumer;

import io.opentelemetry.api.trace.Span;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.jzenith.messaging.spi.Returns;

/**
 * Calls a channel's method on the channel's own Vert.x event-loop context, for a method the execution
 * rule puts there (it returns a reactive type, or has {@code @NonBlocking}), while the message's
 * processing virtual thread waits for it: the method runs, and what it returns is subscribed to, on the
 * event loop, so Vert.x clients it uses (the reactive PostgreSQL client, say) run on their context and
 * Vert.x's blocked-thread checker reports a method that blocks there. The processing thread keeps what
 * it does around the call (per-partition order, retries with backoff, dead letters, acknowledgements).
 * Thread-safe: the processing threads of a channel's partitions may call at once.
 *
 * <pre>{@code
 * EventLoopCall eventLoop = new EventLoopCall(vertx);                 // once per channel, at start-up
 * Object result = eventLoop.call(method, bean, payload, span);        // on a virtual thread, per message
 * }</pre>
 */
final class EventLoopCall {

    private final ContextInternal context;

    /** A call onto an event-loop context made for one channel of {@code vertx}. */
    EventLoopCall(final Vertx vertx) {
        // A context of its own per channel, on one of Vert.x's event loops in turn: getOrCreateContext()
        // would hand every channel started from one thread that thread's one context.
        this.context = ((VertxInternal) vertx).createEventLoopContext();
    }

    /**
     * Calls {@code method} with {@code argument} on the event loop and waits for what it yields: the
     * value it returned (a plain method with {@code @NonBlocking}), or the value its reactive result
     * completed with (null for none). Must be called on a thread that may block, never an event loop.
     *
     * @param span the message's span, made current on the event loop for the method and for what its
     *     result does later on the message's own (duplicated) context; an invalid one costs nothing
     * @throws ExecutionException with the method's failure, or its result's
     */
    Object call(final IncomingMethod method, final Object bean, final Object argument, final Span span)
            throws ExecutionException, InterruptedException {
        final CompletableFuture<Object> done = new CompletableFuture<>();
        final boolean traced = span.getSpanContext().isValid();
        // A traced message gets a duplicate of the channel's context, as a request does: the span lives in
        // it, so the clients the method calls, and their callbacks later, see it as their parent. The
        // duplicate is the message's alone and is dropped with it, so the span is never detached.
        final ContextInternal on = traced ? context.duplicate() : context;
        on.runOnContext(ignored -> {
            if (traced) {
                span.makeCurrent(); // kept: the duplicate context it lives in goes with the message
            }
            try {
                final Object result = method.handle().invoke(bean, argument);
                if (method.returns() == Returns.PLAIN) {
                    done.complete(result);
                } else if (result == null) {
                    done.completeExceptionally(new IllegalStateException(method.describe()
                            + " returned null instead of a "
                            + method.method().getReturnType().getSimpleName()));
                } else {
                    method.returns().stage(result).whenComplete((value, failure) -> {
                        if (failure == null) {
                            done.complete(value);
                        } else {
                            done.completeExceptionally(failure);
                        }
                    });
                }
            } catch (final Throwable failure) {
                done.completeExceptionally(failure);
            }
        });
        return done.get();
    }
}
