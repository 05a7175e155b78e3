package org.jzenith.kafka;

import jakarta.inject.Inject;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The consumers of the tests: JSON orders on a virtual thread, whole text records completing later. */
public class TestConsumers {

    private final Inbox inbox;

    @Inject
    TestConsumers(final Inbox inbox) {
        this.inbox = inbox;
    }

    @Incoming("orders")
    void onOrder(final Order order) {
        inbox.virtual.add(Thread.currentThread().isVirtual());
        inbox.orders.add(order);
    }

    @Incoming("texts")
    CompletionStage<Void> onText(final ConsumerRecord<String, String> record) {
        inbox.attempts.add(record.value());
        return inbox.answer.apply(record).thenRun(() -> inbox.texts.add(record));
    }
}
