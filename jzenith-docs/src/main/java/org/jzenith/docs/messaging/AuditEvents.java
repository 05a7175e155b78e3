package org.jzenith.docs.messaging;

import jakarta.inject.Inject;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** A consumer of whole records that completes asynchronously. */
public class AuditEvents {

    private final Emitter<Shipment> shipments;

    @Inject
    public AuditEvents(@Channel("shipments") final Emitter<Shipment> shipments) {
        this.shipments = shipments;
    }

    // tag::record[]
    @Incoming("audit") // the whole record: key, headers, partition, offset
    public CompletionStage<Void> onAudit(final ConsumerRecord<String, String> record) {
        return shipments.send(new Shipment(record.key(), record.value(), 0)); // done when the stage completes
    }
    // end::record[]
}
