package org.jzenith.messaging.inprocess.guide;

import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Sends each order as a {@code Message} carrying its {@link Urgency}, as SmallRye's guide adds metadata. */
public class UrgentSender {

    @Channel("urgent")
    Emitter<String> urgent;

    public void send(final String order, final Urgency urgency) {
        urgent.send(Message.of(order).addMetadata(urgency));
    }
}
