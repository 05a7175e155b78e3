package org.jzenith.docs.messaging;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** Methods that take a {@code Message<T>}, as the SmallRye and Quarkus Kafka guides write them. */
public class PriceMessages {

    private final Warehouse warehouse;

    public PriceMessages(final Warehouse warehouse) {
        this.warehouse = warehouse;
    }

    // tag::consume[]
    @Incoming("prices")
    public CompletionStage<Void> consume(final Message<Double> msg) {
        // access record metadata
        final var metadata = msg.getMetadata(IncomingKafkaRecordMetadata.class).orElseThrow();
        try {
            warehouse.price((String) metadata.getKey(), msg.getPayload()); // keys are read as text
        } catch (final IllegalStateException e) {
            return msg.nack(e); // to the channel's failure strategy: the dead-letter topic by default
        }
        return msg.ack(); // the offset is committed once this and every record before it is acked
    }
    // end::consume[]

    // tag::process[]
    @Incoming("requests")
    @Outgoing("quotes")
    public Message<String> process(final Message<String> request) {
        return request.withPayload("quote for " + request.getPayload()) // keeps the request's ack
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                        .withKey(request.getPayload())
                        .withHeaders(new RecordHeaders().add("source", "jzenith".getBytes(StandardCharsets.UTF_8)))
                        .build());
    }
    // end::process[]
}
