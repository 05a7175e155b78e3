package org.jzenith.messaging.inprocess.guide;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** A sender that asks its emitter to broadcast, which jZenith does not build (only on an @Outgoing method). */
public class BroadcastingSender {

    @Channel("orders")
    @Broadcast
    Emitter<String> orders;
}
