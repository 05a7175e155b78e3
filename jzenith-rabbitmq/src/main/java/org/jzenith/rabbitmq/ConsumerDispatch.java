package org.jzenith.rabbitmq;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The consuming connection's dispatch executor: the client hands each channel's deliveries to it in
 * blocks (of up to 16, one channel's, in the queue's order, never two blocks of a channel at once), and
 * here each block runs on a virtual thread of its own, so that a consumer processes a delivery right
 * on the thread the client hands it to, with no second hop; a slow method holds back only its own
 * channel. A block's end means the client has nothing more of that channel to hand over right now (or
 * has handed 16): what the block asked to run then ({@link #atBlockEnd}, the acks held back) runs.
 *
 * <pre>{@code
 * Connection connection = factory.newConnection(ConsumerDispatch.executor(), "jzenith-consume");
 * }</pre>
 */
final class ConsumerDispatch {

    private static final ThreadLocal<Runnable> AT_BLOCK_END = new ThreadLocal<>();

    private ConsumerDispatch() {}

    /** A new executor that runs each block on a new virtual thread; it holds no thread while idle. */
    static ExecutorService executor() {
        return Executors.newThreadPerTaskExecutor(
                block -> Thread.ofVirtual().name("rabbitmq-dispatch").unstarted(() -> {
                    try {
                        block.run();
                    } finally {
                        atEnd().ifPresent(Runnable::run);
                    }
                }));
    }

    /** Runs {@code end} once the block running on this thread is done; the last one asked for wins. */
    static void atBlockEnd(final Runnable end) {
        AT_BLOCK_END.set(end);
    }

    private static Optional<Runnable> atEnd() {
        final Optional<Runnable> end = Optional.ofNullable(AT_BLOCK_END.get());
        AT_BLOCK_END.remove();
        return end;
    }
}
