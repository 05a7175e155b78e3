package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Takes each urgent order as a {@code Message}, whose {@link Urgency} the test reads. */
public class UrgencyDesk {

    final List<Message<String>> taken = new CopyOnWriteArrayList<>();

    @Incoming("urgent")
    public CompletionStage<Void> take(final Message<String> order) {
        taken.add(order);
        return order.ack();
    }
}
