package org.jzenith.kafka;

import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Takes numbered records into its application's {@link Tally}, on a virtual thread, keeping none. */
public class BulkConsumer {

    private final Tally tally;

    @Inject
    BulkConsumer(final Tally tally) {
        this.tally = tally;
    }

    @Incoming("bulk")
    void onRecord(final ConsumerRecord<String, String> record) throws InterruptedException {
        tally.take(record);
    }
}
