package org.jzenith.messaging.inprocess.guide;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** An emitter that waits for three consumers of "orders" before it sends. */
public class OverBroadcastingSender {

    @Channel("orders")
    @Broadcast(3)
    Emitter<String> orders;
}
