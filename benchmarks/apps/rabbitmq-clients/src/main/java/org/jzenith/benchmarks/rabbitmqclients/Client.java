package org.jzenith.benchmarks.rabbitmqclients;

import java.util.concurrent.CompletionStage;

/**
 * One client under measurement, connected, with its exchange and queue declared and its consumer
 * running: it sends a message, the stage completing once the broker confirmed it, and its consumer
 * reports each message to {@link Latencies} once its ack has gone out.
 */
interface Client extends AutoCloseable {

    /** Publishes {@code body} persistent to the run's exchange; completes on the broker's confirm. */
    CompletionStage<Void> send(byte[] body);

    @Override
    void close() throws Exception;
}
