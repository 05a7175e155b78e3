package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** The end of the chain: takes each stamped order and keeps the metadata it arrived with. */
public class StampedDesk {

    final List<Message<String>> taken = new CopyOnWriteArrayList<>();

    @Incoming("stamped")
    public CompletionStage<Void> take(final Message<String> order) {
        taken.add(order);
        return order.ack();
    }
}
