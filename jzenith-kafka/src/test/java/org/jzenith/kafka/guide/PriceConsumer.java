package org.jzenith.kafka.guide;

import jakarta.inject.Inject;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Takes the prices the resource sent. */
public class PriceConsumer {

    /** The prices received; bound by the test. */
    public static final class Received {
        final Set<Double> prices = ConcurrentHashMap.newKeySet();
    }

    private final Received received;

    @Inject
    PriceConsumer(final Received received) {
        this.received = received;
    }

    @Incoming("prices")
    public void onPrice(final double price) {
        received.prices.add(price);
    }
}
