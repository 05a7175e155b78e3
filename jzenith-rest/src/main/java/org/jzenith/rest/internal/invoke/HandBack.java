package org.jzenith.rest.internal.invoke;

import io.netty.util.internal.PlatformDependent;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.internal.ContextInternal;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands the answers of finished virtual threads back to one event loop in batches: each answer
 * joins a queue, and only the first of a batch schedules a task on the event loop, which then runs
 * every answer waiting. One task per batch instead of one per request, so the event loop is asked
 * once for each burst of threads a carrier finishes between two of its own turns.
 *
 * <p>Thread-safe: {@link #run} from any thread; the drain runs on the event loop of the context.
 */
final class HandBack implements Handler<Void> {

    /** Where a context keeps its hand-back, so that every endpoint answering on it shares one queue. */
    private static final Object KEY = HandBack.class;

    private final Context context;
    /** Many virtual threads put, one event loop takes. */
    private final Queue<Runnable> answers = PlatformDependent.newMpscQueue();
    /** True from the moment a drain is scheduled until it starts taking; at most one is waiting. */
    private final AtomicBoolean scheduled = new AtomicBoolean();

    private HandBack(final Context context) {
        this.context = context;
    }

    /** The hand-back of {@code context}, made on first use. */
    static HandBack of(final Context context) {
        return (HandBack)
                ((ContextInternal) context).contextData().computeIfAbsent(KEY, ignored -> new HandBack(context));
    }

    /** Runs {@code answer} on the context's event loop, with the answers handed back around it. */
    void run(final Runnable answer) {
        answers.offer(answer);
        if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
            context.runOnContext(this);
        }
    }

    /** On the event loop: every answer waiting, in the order they came. */
    @Override
    public void handle(final Void ignored) {
        // Cleared before taking: an answer put after the last take sees it false and schedules again.
        scheduled.set(false);
        Runnable answer;
        while ((answer = answers.poll()) != null) {
            try {
                answer.run();
            } catch (final Throwable failure) {
                // The answers behind this one still run, in a task of their own; this failure goes where
                // runOnContext would have sent it.
                if (!answers.isEmpty() && scheduled.compareAndSet(false, true)) {
                    context.runOnContext(this);
                }
                throw failure;
            }
        }
    }
}
