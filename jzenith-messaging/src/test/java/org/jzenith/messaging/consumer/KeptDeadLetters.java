package org.jzenith.messaging.consumer;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jzenith.messaging.spi.DeadLetters;
import org.jzenith.messaging.spi.InboundMessage;

/** Dead letters that keep the positions sent to them, with the failure's message and the attempts. */
final class KeptDeadLetters implements DeadLetters {
    final Queue<String> sent = new ConcurrentLinkedQueue<>();
    final Queue<Integer> attempted = new ConcurrentLinkedQueue<>();

    @Override
    public String destination() {
        return "prices.dlt";
    }

    @Override
    public void send(final InboundMessage message, final Throwable failure, final int attempts) {
        sent.add(message.position() + " " + failure.getMessage());
        attempted.add(attempts);
    }

    @Override
    public void sendCutDown(
            final InboundMessage message, final Throwable failure, final int attempts, final Throwable refused) {
        throw new AssertionError("not refused");
    }

    @Override
    public boolean refusedForGood(final Throwable refused) {
        return false;
    }
}
