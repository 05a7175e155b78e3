package org.jzenith.messaging.inprocess;

import org.jzenith.messaging.spi.DeadLetters;
import org.jzenith.messaging.spi.InboundMessage;

/**
 * The "dead letters" of an in-process channel: there is no broker to keep a failed message, so its
 * failure goes back to its sender, whose {@code send} then fails with it (a nack, as SmallRye hands a
 * consumer's nack to the emitter's {@code CompletionStage}). Nothing is lost: the sender holds the
 * payload and decides. Stateless.
 */
final class BackToSender implements DeadLetters {

    private final String channel;

    BackToSender(final String channel) {
        this.channel = channel;
    }

    @Override
    public String destination() {
        return "its sender (in-process channel '" + channel + "': the send fails with the failure)";
    }

    @Override
    public void send(final InboundMessage message, final Throwable failure, final int attempts) {
        ((InProcessInbound) message).reject(failure);
    }

    @Override
    public void sendCutDown(
            final InboundMessage message, final Throwable failure, final int attempts, final Throwable refused) {
        send(message, failure, attempts);
    }

    @Override
    public boolean refusedForGood(final Throwable refused) {
        return false;
    }
}
