package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ShutdownSignalException;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Which of the broker's answers to a publish sending the same message again cannot change: a message
 * returned as unroutable, and a channel or connection closed with {@code 403} (access refused),
 * {@code 404} (the exchange not found), {@code 406} (precondition failed: too large) or {@code 501}
 * (frame error). A lost connection, a {@code basic.nack} or a timeout may pass.
 */
final class Refusals {

    private static final Set<Integer> FOR_GOOD = Set.of(403, 404, 406, 501);

    private Refusals() {}

    /** Whether {@code refused} (or the cause it wraps) says the message can never be delivered as it is. */
    static boolean forGood(final Throwable refused) {
        return unroutable(refused) || closedForGood(refused);
    }

    /** Whether the broker returned this very message: no queue is bound for its routing key. */
    static boolean unroutable(final Throwable refused) {
        return unwrapped(refused) instanceof UnroutableException;
    }

    /**
     * Whether the broker closed the channel (or the connection) with a code that another attempt does
     * not change. The close fails every publish awaiting its confirm on that channel, not only the one
     * that caused it.
     */
    static boolean closedForGood(final Throwable refused) {
        if (unwrapped(refused) instanceof ShutdownSignalException shutdown) {
            if (shutdown.getReason() instanceof AMQP.Channel.Close close) {
                return FOR_GOOD.contains(close.getReplyCode());
            }
            if (shutdown.getReason() instanceof AMQP.Connection.Close close) {
                return FOR_GOOD.contains(close.getReplyCode());
            }
        }
        return false;
    }

    private static Throwable unwrapped(final Throwable failure) {
        if ((failure instanceof ExecutionException || failure instanceof CompletionException)
                && failure.getCause() != null) {
            return failure.getCause();
        }
        return failure;
    }
}
