package org.jzenith.rabbitmq;

import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * The consumers of the tests: JSON orders (an order whose id starts with {@code fail} always fails),
 * and a processor whose results go through RabbitMQ to a consumer of its own. No RabbitMQ type in
 * sight: the same class runs on Kafka.
 */
public class TestConsumers {

    private final Inbox inbox;

    @Inject
    TestConsumers(final Inbox inbox) {
        this.inbox = inbox;
    }

    @Incoming("orders")
    void onOrder(final Order order) {
        inbox.virtual.add(Thread.currentThread().isVirtual());
        inbox.attempts.add(order.id());
        if (order.id().startsWith("slow")) {
            inbox.slow.countDown();
            try {
                inbox.release.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (order.id().startsWith("fail")) {
            throw new IllegalStateException("the warehouse is closed");
        }
        inbox.orders.add(order);
    }

    @Incoming("words")
    @Outgoing("upper")
    String upper(final String word) {
        return word.toUpperCase(java.util.Locale.ROOT);
    }

    @Incoming("upper")
    void onUpper(final String word) {
        inbox.upper.add(word);
    }
}
