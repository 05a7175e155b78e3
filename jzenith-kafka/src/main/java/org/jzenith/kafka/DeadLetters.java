package org.jzenith.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Sends a record that failed for good to its channel's dead-letter topic: its key, value and headers
 * as they came, and headers that say where it came from and why it failed. Blocks until the broker
 * has acknowledged it; called on a partition's virtual thread. Thread-safe.
 *
 * <pre>
 * jzenith-dlt-topic              orders
 * jzenith-dlt-partition          2
 * jzenith-dlt-offset             1187
 * jzenith-dlt-exception-type     java.lang.IllegalStateException
 * jzenith-dlt-exception-message  the warehouse is closed
 * jzenith-dlt-attempts           4
 * </pre>
 */
final class DeadLetters {

    static final String TOPIC = "jzenith-dlt-topic";
    static final String PARTITION = "jzenith-dlt-partition";
    static final String OFFSET = "jzenith-dlt-offset";
    static final String EXCEPTION_TYPE = "jzenith-dlt-exception-type";
    static final String EXCEPTION_MESSAGE = "jzenith-dlt-exception-message";
    static final String ATTEMPTS = "jzenith-dlt-attempts";

    private static final int MAX_MESSAGE = 1000;

    private final Producer<byte[], byte[]> producer;

    DeadLetters(final Producer<byte[], byte[]> producer) {
        this.producer = producer;
    }

    /**
     * Sends {@code record} to {@code topic} and waits for the acknowledgement.
     *
     * @throws ExecutionException when the broker did not take it
     * @throws InterruptedException when the thread was interrupted while waiting
     */
    void send(
            final String topic,
            final ConsumerRecord<byte[], byte[]> record,
            final Throwable failure,
            final int attempts)
            throws ExecutionException, InterruptedException {
        final Headers headers = new RecordHeaders(record.headers().toArray());
        headers.remove(TOPIC)
                .remove(PARTITION)
                .remove(OFFSET)
                .remove(EXCEPTION_TYPE)
                .remove(EXCEPTION_MESSAGE)
                .remove(ATTEMPTS);
        headers.add(TOPIC, bytes(record.topic()))
                .add(PARTITION, bytes(Integer.toString(record.partition())))
                .add(OFFSET, bytes(Long.toString(record.offset())))
                .add(EXCEPTION_TYPE, bytes(failure.getClass().getName()))
                .add(EXCEPTION_MESSAGE, bytes(message(failure)))
                .add(ATTEMPTS, bytes(Integer.toString(attempts)));
        final Future<?> sent = producer.send(new ProducerRecord<>(topic, null, record.key(), record.value(), headers));
        sent.get();
    }

    private static String message(final Throwable failure) {
        final String message = Objects.requireNonNullElse(failure.getMessage(), "");
        return message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) + "..." : message;
    }

    private static byte[] bytes(final String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
