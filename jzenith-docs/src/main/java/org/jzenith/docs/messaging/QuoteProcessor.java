package org.jzenith.docs.messaging;

import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** A processor as the Quarkus Kafka guide writes it: the object it returns is the next message. */
public class QuoteProcessor {

    // tag::processor[]
    @Incoming("requests")
    @Outgoing("quotes") // sent to the channel quotes; the request is committed once the broker has the quote
    public Quote process(final String quoteRequest) {
        return new Quote(quoteRequest, ThreadLocalRandom.current().nextInt(100));
    }
    // end::processor[]
}
