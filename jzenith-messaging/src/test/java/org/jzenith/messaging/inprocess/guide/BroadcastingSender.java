package org.jzenith.messaging.inprocess.guide;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** A sender whose emitter broadcasts each order to every consumer of "orders", as SmallRye's guide has it. */
public class BroadcastingSender {

    @Channel("orders")
    @Broadcast
    Emitter<String> orders;

    public CompletionStage<Void> place(final String order) {
        return orders.send(order);
    }
}
