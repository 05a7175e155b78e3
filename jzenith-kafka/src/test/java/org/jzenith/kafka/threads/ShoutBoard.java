package org.jzenith.kafka.threads;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** A plain consumer of the processor's results: it may block, so it runs on a virtual thread. */
public class ShoutBoard {

    final List<String> shouts = new CopyOnWriteArrayList<>();
    final List<Where> seen = new CopyOnWriteArrayList<>();

    @Incoming("shouts")
    public void consume(final String shout) {
        seen.add(Where.here());
        shouts.add(shout);
    }
}
