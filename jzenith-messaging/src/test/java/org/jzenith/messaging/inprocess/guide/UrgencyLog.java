package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** The other consumer of the broadcast urgent orders, keeping each {@code Message} too. */
public class UrgencyLog {

    final List<Message<String>> logged = new CopyOnWriteArrayList<>();

    @Incoming("urgent")
    public CompletionStage<Void> log(final Message<String> order) {
        logged.add(order);
        return order.ack();
    }
}
