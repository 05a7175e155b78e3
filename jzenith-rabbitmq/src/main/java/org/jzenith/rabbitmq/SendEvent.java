package org.jzenith.rabbitmq;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One publish of a RabbitMQ channel (an emitter's, a processor's result, a producer method's, an outbox
 * event's), for Flight Recorder, from the send to the broker's confirm or the failure: the event's
 * duration. Never the payload. Committed where the send settles; costs a check of a flag per send when
 * no recording takes it.
 */
@Name(SendEvent.NAME)
@Label("jZenith RabbitMQ Send")
@Category({"jZenith", "Messaging", "RabbitMQ"})
@Description("A publish to a RabbitMQ exchange, from the send to the broker's confirm or the failure")
@StackTrace(false)
final class SendEvent extends jdk.jfr.Event {

    static final String NAME = "jzenith.rabbitmq.Send";

    /** The broker confirmed it ({@code basic.ack}). */
    static final String CONFIRMED = "confirmed";

    /** The broker returned it: no queue is bound for its routing key. */
    static final String RETURNED = "returned";

    /** Anything else: refused ({@code basic.nack}), the channel closed, no confirm in time, not sent at all. */
    static final String FAILED = "failed";

    /** Asked whether a recording takes send events; never committed. */
    static final SendEvent RECORDING = new SendEvent();

    @Label("Channel")
    String channel;

    @Label("Exchange")
    String exchange;

    @Label("Routing Key")
    String routingKey;

    @Label("Outcome")
    @Description("confirmed, returned or failed")
    String outcome;

    @Label("Failure")
    @Description("The failure's type, for a send that failed; empty otherwise")
    String failure;

    /** A send event begun now; none when no recording takes them. */
    static java.util.Optional<SendEvent> begin(final String channel, final String exchange, final String routingKey) {
        if (!RECORDING.isEnabled()) {
            return java.util.Optional.empty();
        }
        final SendEvent event = new SendEvent();
        event.channel = channel;
        event.exchange = exchange;
        event.routingKey = routingKey;
        event.begin();
        return java.util.Optional.of(event);
    }

    /** Ends the event with the outcome of {@code failure}: null when the send succeeded, as {@code whenComplete} gives it. */
    void settle(final Throwable failure) {
        end();
        if (shouldCommit()) {
            final Throwable cause = failure instanceof java.util.concurrent.CompletionException completion
                            && completion.getCause() != null
                    ? completion.getCause()
                    : failure;
            outcome = cause == null ? CONFIRMED : cause instanceof UnroutableException ? RETURNED : FAILED;
            this.failure = cause == null ? "" : cause.getClass().getName();
            commit();
        }
    }
}
