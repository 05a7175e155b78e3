package org.jzenith.messaging.inprocess.guide;

import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** A guide's resource, reduced to its emitter field (no {@code @Inject}, as SmallRye and Quarkus allow). */
public class OrderSender {

    @Channel("orders")
    Emitter<String> orders;

    public CompletionStage<Void> place(final String order) {
        return orders.send(order);
    }
}
