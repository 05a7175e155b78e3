package org.jzenith.messaging.inprocess.guide;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * A processor in SmallRye's style: hands each urgent order on with {@code withPayload}, which keeps the
 * incoming message's metadata, and adds a {@link Stamp} of its own.
 */
public class UrgencyStamper {

    @Incoming("urgent")
    @Outgoing("stamped")
    public Message<String> stamp(final Message<String> order) {
        return order.withPayload(order.getPayload().toUpperCase(java.util.Locale.ROOT))
                .addMetadata(new Stamp("desk-1"));
    }
}
