package org.jzenith.kafka;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * Methods that take a {@code Message<T>}, written as the SmallRye and Quarkus Kafka guides write them:
 * metadata read with {@code getMetadata(IncomingKafkaRecordMetadata.class)}, acknowledged with {@code
 * ack()}, rejected with {@code nack(failure)}, and a processor whose result carries an {@code
 * OutgoingKafkaRecordMetadata}.
 */
public class MessageConsumers {

    /** What the methods saw; one per test. */
    static final class Seen {
        final Queue<String> prices = new ConcurrentLinkedQueue<>();
        final Queue<String> orders = new ConcurrentLinkedQueue<>();
        /** Whether the orders consumer leaves the orders starting with "hold" unacknowledged. */
        volatile boolean holding = true;
    }

    private final Seen seen;

    @Inject
    MessageConsumers(final Seen seen) {
        this.seen = seen;
    }

    @Incoming("prices")
    public CompletionStage<Void> consume(final Message<Double> msg) {
        // access record metadata
        final var metadata = msg.getMetadata(IncomingKafkaRecordMetadata.class).orElseThrow();
        // process the message payload.
        final double price = msg.getPayload();
        seen.prices.add(metadata.getKey() + " " + metadata.getTopic() + "-" + metadata.getPartition() + "@"
                + metadata.getOffset() + " " + price);
        // Acknowledge the incoming message (commit the offset)
        return msg.ack();
    }

    @Incoming("orders")
    public CompletionStage<Void> order(final Message<String> msg) {
        seen.orders.add(msg.getPayload());
        if (msg.getPayload().startsWith("bad")) {
            return msg.nack(new IllegalStateException("no stock for " + msg.getPayload()));
        }
        if (seen.holding && msg.getPayload().startsWith("hold")) {
            return CompletableFuture.completedFuture(null); // neither acked nor nacked: never committed
        }
        return msg.ack();
    }

    @Incoming("requests")
    @Outgoing("quotes")
    public Message<String> quote(final Message<String> request) {
        final String id = request.getPayload();
        return request.withPayload("quote for " + id)
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                        .withKey(id)
                        .withHeaders(new RecordHeaders().add("source", "jzenith".getBytes(StandardCharsets.UTF_8)))
                        .build());
    }
}
