package org.jzenith.docs.messaging;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jzenith.rabbitmq.IncomingRabbitMqMetadata;
import org.jzenith.rabbitmq.OutgoingRabbitMqMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A {@code Message<T>} consumer and sender on RabbitMQ, reading and setting the delivery's metadata. */
public class RabbitLabels {

    private static final Logger log = LoggerFactory.getLogger(RabbitLabels.class);

    // tag::consume[]
    @Incoming("labels")
    public CompletionStage<Void> onLabel(final Message<String> label) {
        final IncomingRabbitMqMetadata rabbit =
                label.getMetadata(IncomingRabbitMqMetadata.class).orElseThrow();
        log.info("{} by {}", label.getPayload(), rabbit.routingKey());
        return label.ack();
    }
    // end::consume[]

    /** Sends a label with a routing key, a header and AMQP properties of its own. */
    public void send(final Emitter<String> emitter) {
        // tag::send[]
        emitter.send(Message.of("fragile")
                .addMetadata(OutgoingRabbitMqMetadata.routingKey("parcel.fragile")
                        .withHeader("source", "shop")
                        .withContentType("text/plain")
                        .withCorrelationId("request-7")
                        .withMessageId("label-42")
                        .withPriority(5)
                        .withExpiration(Duration.ofMinutes(10))));
        // end::send[]
    }
}
