package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** One of the two consumers of the broadcast ticks. */
public class TickAuditor {

    final List<Integer> ticks = new CopyOnWriteArrayList<>();

    @Incoming("ticks")
    public void audit(final int tick) {
        ticks.add(tick);
    }
}
