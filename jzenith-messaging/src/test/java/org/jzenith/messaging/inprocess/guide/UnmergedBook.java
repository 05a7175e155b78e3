package org.jzenith.messaging.inprocess.guide;

import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Takes the greetings of both producers, but forgot {@code @Merge}. */
public class UnmergedBook {

    @Incoming("greetings")
    public void write(final String greeting) {}
}
