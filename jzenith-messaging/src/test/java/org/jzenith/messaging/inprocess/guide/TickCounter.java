package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The other consumer of the broadcast ticks. */
public class TickCounter {

    final List<Integer> ticks = new CopyOnWriteArrayList<>();

    @Incoming("ticks")
    public void count(final int tick) {
        ticks.add(tick);
    }
}
