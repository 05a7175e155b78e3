package org.jzenith.kafka;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.Producer;

/**
 * The application's Kafka clients while the plugin runs: the one producer (emitters and dead
 * letters) and the admin client the health check asks. Bound before the plugin starts, filled when
 * it does, emptied when it stops. Thread-safe.
 */
final class KafkaClients {

    /**
     * The running clients.
     *
     * @param producer the producer, byte arrays on the wire
     * @param admin the admin client
     * @param bootstrapServers where they connect
     */
    record Running(Producer<byte[], byte[]> producer, Admin admin, String bootstrapServers) {}

    private final AtomicReference<Optional<Running>> running = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Map<String, String>> consumed = new AtomicReference<>(Map.of());

    Optional<Running> running() {
        return running.get();
    }

    void start(final Running clients) {
        running.set(Optional.of(clients));
    }

    /** Names, for the health check, the topics each consumed channel reads ({@link Subscription#describe}). */
    void consuming(final Map<String, String> topicsByChannel) {
        consumed.set(Map.copyOf(topicsByChannel));
    }

    /** The topics each consumed channel reads, by channel, while the plugin runs. */
    Map<String, String> consumed() {
        return consumed.get();
    }

    /** The clients that ran, now no longer handed out. */
    Optional<Running> stop() {
        consumed.set(Map.of());
        return running.getAndSet(Optional.empty());
    }
}
