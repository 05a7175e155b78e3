package org.jzenith.messaging.inprocess.guide;

import io.smallrye.mutiny.Multi;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** Ticks for two consumers, but without {@code @Broadcast}. */
public class PlainTicks {

    @Outgoing("ticks")
    public Multi<Integer> ticks() {
        return Multi.createFrom().items(1, 2, 3);
    }
}
