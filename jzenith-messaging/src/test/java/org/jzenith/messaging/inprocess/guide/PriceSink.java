package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The end of the guide's chain: keeps every converted price. */
public class PriceSink {

    final List<Double> prices = new CopyOnWriteArrayList<>();

    @Incoming("prices")
    public void consume(final double price) {
        prices.add(price);
    }
}
