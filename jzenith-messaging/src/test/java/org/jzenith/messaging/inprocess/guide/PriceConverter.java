package org.jzenith.messaging.inprocess.guide;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** The guide's processor: each generated price in euros, as the next message on "prices". */
public class PriceConverter {

    private static final double CONVERSION_RATE = 0.88;

    @Incoming("generated-price")
    @Outgoing("prices")
    public double process(final int priceInUsd) {
        return priceInUsd * CONVERSION_RATE;
    }
}
