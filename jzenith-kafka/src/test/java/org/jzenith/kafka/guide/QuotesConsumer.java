package org.jzenith.kafka.guide;

import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Takes the quotes the processor sent, by request id. */
public class QuotesConsumer {

    /** The quotes received, by request id; bound by the test. */
    public static final class Received {
        final Map<String, Quote> quotes = new ConcurrentHashMap<>();
    }

    private final Received received;

    @Inject
    QuotesConsumer(final Received received) {
        this.received = received;
    }

    @Incoming("quotes")
    public void onQuote(final Quote quote) {
        received.quotes.put(quote.id(), quote);
    }
}
