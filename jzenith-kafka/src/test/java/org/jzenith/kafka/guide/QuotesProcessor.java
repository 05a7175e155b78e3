package org.jzenith.kafka.guide;

import java.util.Random;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** The guide's processor: the object it returns is the next message, on the channel "quotes". */
public class QuotesProcessor {

    private final Random random = new Random();

    @Incoming("requests")
    @Outgoing("quotes")
    public Quote process(final String quoteRequest) {
        return new Quote(quoteRequest, random.nextInt(100));
    }
}
