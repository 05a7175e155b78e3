package org.jzenith.benchmarks.rabbitmq;

import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The jZenith consumer: notes the message and does nothing else; the work measured is the plugin's. */
public class Sink {

    @Incoming("bench-in")
    public void onMessage(final String value) {
        if (value.isEmpty()) {
            throw new IllegalStateException("an empty message");
        }
        AckLatency.consumed(value);
    }
}
