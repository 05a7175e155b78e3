package org.jzenith.kafka.guide;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.inject.Inject;
import java.util.Queue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Consumers of channels of several topics, written as the SmallRye Kafka guide writes them, with no
 * jZenith annotation: {@code prices} reads a list of topics ({@code topics=a,b,c}), {@code quotes}
 * every topic a pattern matches ({@code topic=regex}, {@code pattern=true}) and reads each record's
 * own topic from its metadata.
 */
public class SeveralTopicsConsumer {

    /** What the methods saw; bound by the test. */
    public static final class Seen {
        /** The payloads of {@code prices}, in the order consumed. */
        public final Queue<String> prices = new ConcurrentLinkedQueue<>();

        /** {@code topic payload} of each record of {@code quotes}, in the order consumed. */
        public final Queue<String> quotes = new ConcurrentLinkedQueue<>();
    }

    private final Seen seen;

    @Inject
    SeveralTopicsConsumer(final Seen seen) {
        this.seen = seen;
    }

    @Incoming("prices")
    public void consume(final String p) {
        if (p.endsWith("fail")) {
            throw new IllegalStateException("cannot price " + p);
        }
        seen.prices.add(p);
    }

    @Incoming("quotes")
    public CompletionStage<Void> quote(final Message<String> msg) {
        final var metadata = msg.getMetadata(IncomingKafkaRecordMetadata.class).orElseThrow();
        seen.quotes.add(metadata.getTopic() + " " + msg.getPayload());
        return msg.ack();
    }
}
