package org.jzenith.benchmarks.kafka;

import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The jZenith consumer: does nothing with the record; the work measured is the plugin's. */
public class Sink {

    @Incoming("bench-in")
    public void onRecord(final String value) {
        if (value.isEmpty()) {
            throw new IllegalStateException("an empty record");
        }
    }
}
