package org.jzenith.messaging.inprocess.guide;

import io.smallrye.mutiny.Multi;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** Three ticks broadcast to every consumer of "ticks". */
public class TickSource {

    @Outgoing("ticks")
    @Broadcast(2)
    public Multi<Integer> ticks() {
        return Multi.createFrom().items(1, 2, 3);
    }
}
