package org.jzenith.kafka;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** What the test consumers received, and how the "texts" consumer answers; one per application. */
final class Inbox {

    final Queue<Order> orders = new ConcurrentLinkedQueue<>();
    final Queue<ConsumerRecord<String, String>> texts = new ConcurrentLinkedQueue<>();
    final Queue<String> attempts = new ConcurrentLinkedQueue<>();
    final Queue<Boolean> virtual = new ConcurrentLinkedQueue<>();
    final Queue<String> values = new ConcurrentLinkedQueue<>();
    volatile Function<ConsumerRecord<String, String>, CompletionStage<Void>> answer =
            record -> CompletableFuture.completedFuture(null);

    /** The values of the texts received with {@code key}, in the order they were done. */
    List<String> texts(final String key) {
        return texts.stream()
                .filter(record -> key.equals(record.key()))
                .map(ConsumerRecord::value)
                .toList();
    }
}
