package org.jzenith.messaging.inprocess.guide;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Sends each order with its {@link Urgency} to every consumer of "urgent". */
public class BroadcastingUrgentSender {

    @Channel("urgent")
    @Broadcast
    Emitter<String> urgent;

    public void send(final String order, final Urgency urgency) {
        urgent.send(Message.of(order).addMetadata(urgency));
    }
}
