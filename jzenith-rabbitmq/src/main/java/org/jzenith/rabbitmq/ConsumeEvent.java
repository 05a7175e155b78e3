package org.jzenith.rabbitmq;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One delivery of a RabbitMQ channel, for Flight Recorder, from its hand-over to the messaging layer
 * to its {@code basic.ack} or {@code basic.nack}: the event's duration, which a recording's threshold
 * can filter on. Never the payload. Begun on the client's dispatch thread and committed where the delivery is
 * settled (a {@code Message} method's ack may come from any thread); a delivery still unsettled when
 * its channel closes has no event, the broker delivers it again. Costs a check of a flag per delivery
 * when no recording takes it.
 */
@Name(ConsumeEvent.NAME)
@Label("jZenith RabbitMQ Consume")
@Category({"jZenith", "Messaging", "RabbitMQ"})
@Description("A delivery of a RabbitMQ queue, from its hand-over to the messaging layer to its ack or nack")
@StackTrace(false)
final class ConsumeEvent extends jdk.jfr.Event {

    static final String NAME = "jzenith.rabbitmq.Consume";

    /** The delivery was acknowledged ({@code basic.ack}): processed, dead-lettered or ignored. */
    static final String ACKED = "acked";

    /** The delivery was given back to the queue ({@code basic.nack}, requeue): the channel stopped at it. */
    static final String REQUEUED = "requeued";

    /** The delivery was done but its ack was lost with the channel: the broker delivers it again. */
    static final String ACK_LOST = "ack_lost";

    /** Asked whether a recording takes consume events; never committed. */
    static final ConsumeEvent RECORDING = new ConsumeEvent();

    @Label("Channel")
    String channel;

    @Label("Queue")
    String queue;

    @Label("Delivery Tag")
    long deliveryTag;

    @Label("Redelivered")
    boolean redelivered;

    @Label("Outcome")
    @Description("acked, requeued or ack_lost")
    String outcome;
}
