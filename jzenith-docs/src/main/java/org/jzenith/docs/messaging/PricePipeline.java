package org.jzenith.docs.messaging;

import io.smallrye.mutiny.Multi;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import java.time.Duration;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.inprocess.InProcessPlugin;

/** The SmallRye guide's price pipeline, in-process: a producer, a processor and two consumers, no broker. */
public final class PricePipeline {

    private PricePipeline() {}

    // tag::classes[]
    public static class PriceGenerator {
        @Outgoing("generated-price")
        public Multi<Integer> generate() {
            return Multi.createFrom().ticks().every(Duration.ofSeconds(1)).map(tick -> (int) (tick % 100));
        }
    }

    public static class PriceConverter {
        @Incoming("generated-price")
        @Outgoing("prices")
        @Broadcast
        public double process(final int priceInUsd) {
            return priceInUsd * 0.88;
        }
    }

    public static class PriceLog {
        @Incoming("prices")
        public void log(final double price) {
            System.out.println("price: " + price);
        }
    }

    public static class PriceAverage {
        @Incoming("prices")
        public void add(final double price) {
            // keeps a running average
        }
    }
    // end::classes[]

    // tag::main[]
    public static void main(final String... args) {
        JZenith.application(args)
                .withPlugins(InProcessPlugin.withConsumers(
                        PriceGenerator.class, PriceConverter.class, PriceLog.class, PriceAverage.class))
                .run();
    }
    // end::main[]
}
