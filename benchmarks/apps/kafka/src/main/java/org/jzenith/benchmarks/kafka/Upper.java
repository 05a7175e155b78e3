package org.jzenith.benchmarks.kafka;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * The jZenith processor, written as the SmallRye and Quarkus guides write one: what it returns is the
 * next message, on the channel "out". The work is {@link #transform}, which the bare variant does too.
 */
public class Upper {

    @Incoming("in")
    @Outgoing("out")
    public String process(final String value) {
        return transform(value);
    }

    /** The transformation both variants apply: the value in capitals (its leading send time stays as it is). */
    static String transform(final String value) {
        return value.toUpperCase(java.util.Locale.ROOT);
    }
}
