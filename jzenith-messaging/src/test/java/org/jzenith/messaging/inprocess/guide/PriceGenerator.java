package org.jzenith.messaging.inprocess.guide;

import io.smallrye.mutiny.Multi;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** The guide's producer: five prices on the channel "generated-price", which nothing outside the application reads. */
public class PriceGenerator {

    @Outgoing("generated-price")
    public Multi<Integer> generate() {
        return Multi.createFrom().range(1, 6);
    }
}
