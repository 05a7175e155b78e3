package org.jzenith.rabbitmq;

import java.util.Queue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Reads each message's RabbitMQ metadata, as a guide's consumer of {@code Message<T>} does, then acks it. */
public class Labels {

    /** The metadata of each message received. */
    static final Queue<IncomingRabbitMqMetadata> SEEN = new ConcurrentLinkedQueue<>();

    @Incoming("labels")
    public CompletionStage<Void> onLabel(final Message<String> label) {
        SEEN.add(label.getMetadata(IncomingRabbitMqMetadata.class).orElseThrow());
        return label.ack();
    }
}
