package org.jzenith.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jzenith.messaging.spi.InboundMessage;

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
 *
 * <p>When the broker refuses that copy for good ({@link #refusedForGood}: too large, not authorized,
 * no such topic), {@link #sendCutDown} sends what surely fits: no key, no value, none of the
 * original's headers, only these and {@code jzenith-dlt-cut-down} saying why the copy was refused.
 */
final class DeadLetters {

    static final String TOPIC = "jzenith-dlt-topic";
    static final String PARTITION = "jzenith-dlt-partition";
    static final String OFFSET = "jzenith-dlt-offset";
    static final String EXCEPTION_TYPE = "jzenith-dlt-exception-type";
    static final String EXCEPTION_MESSAGE = "jzenith-dlt-exception-message";
    static final String ATTEMPTS = "jzenith-dlt-attempts";
    static final String CUT_DOWN = "jzenith-dlt-cut-down";

    private static final int MAX_MESSAGE = 1000;
    private static final int MAX_CUT_DOWN_MESSAGE = 200;
    private static final Duration TOPIC_CHECK = Duration.ofSeconds(5);

    private final Producer<byte[], byte[]> producer;
    private final Optional<Admin> admin;

    /** Dead letters through {@code producer}; {@code admin} tells a missing topic from a broker away. */
    DeadLetters(final Producer<byte[], byte[]> producer, final Optional<Admin> admin) {
        this.producer = producer;
        this.admin = admin;
    }

    /** These dead letters as the messaging layer sends to them, to {@code topic}: a channel's dead-letter topic. */
    org.jzenith.messaging.spi.DeadLetters to(final String topic) {
        return new org.jzenith.messaging.spi.DeadLetters() {
            @Override
            public String destination() {
                return topic;
            }

            @Override
            public void send(final InboundMessage message, final Throwable failure, final int attempts)
                    throws ExecutionException, InterruptedException {
                DeadLetters.this.send(topic, KafkaInbound.record(message), failure, attempts);
            }

            @Override
            public void sendCutDown(
                    final InboundMessage message, final Throwable failure, final int attempts, final Throwable refused)
                    throws ExecutionException, InterruptedException {
                DeadLetters.this.sendCutDown(topic, KafkaInbound.record(message), failure, attempts, refused);
            }

            @Override
            public boolean refusedForGood(final Throwable refused) {
                return DeadLetters.this.refusedForGood(topic, refused);
            }
        };
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
                .remove(ATTEMPTS)
                .remove(CUT_DOWN);
        coordinates(headers, record, failure, attempts, MAX_MESSAGE);
        final Future<?> sent = producer.send(new ProducerRecord<>(topic, null, record.key(), record.value(), headers));
        sent.get();
    }

    /**
     * Sends to {@code topic} what is left of {@code record} when its copy was {@code refused}: its
     * coordinates, the failure and the refusal in headers, no key, value or other headers.
     *
     * @throws ExecutionException when the broker did not take even that
     */
    void sendCutDown(
            final String topic,
            final ConsumerRecord<byte[], byte[]> record,
            final Throwable failure,
            final int attempts,
            final Throwable refused)
            throws ExecutionException, InterruptedException {
        final Headers headers = new RecordHeaders();
        coordinates(headers, record, failure, attempts, MAX_CUT_DOWN_MESSAGE);
        headers.add(CUT_DOWN, bytes(refused.getClass().getName() + ": " + message(refused, MAX_CUT_DOWN_MESSAGE)));
        producer.send(new ProducerRecord<byte[], byte[]>(topic, null, (byte[]) null, (byte[]) null, headers))
                .get();
    }

    /**
     * Whether {@code failure}, of a send to {@code topic}, will not go away by trying again: the broker
     * refused the record itself (too large, not authorized, an invalid record or topic), or the topic
     * does not exist (a send to a missing topic only times out waiting for its metadata, so the
     * admin client is asked).
     */
    boolean refusedForGood(final String topic, final Throwable failure) {
        if (failure instanceof ApiException && !(failure instanceof RetriableException)) {
            return true;
        }
        if (failure instanceof org.apache.kafka.common.errors.TimeoutException && admin.isPresent()) {
            try {
                admin.get()
                        .describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(TOPIC_CHECK.toMillis(), TimeUnit.MILLISECONDS);
                return false;
            } catch (final ExecutionException e) {
                return e.getCause() instanceof UnknownTopicOrPartitionException;
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (final java.util.concurrent.TimeoutException | RuntimeException e) {
                return false;
            }
        }
        return false;
    }

    private static void coordinates(
            final Headers headers,
            final ConsumerRecord<byte[], byte[]> record,
            final Throwable failure,
            final int attempts,
            final int maxMessage) {
        headers.add(TOPIC, bytes(record.topic()))
                .add(PARTITION, bytes(Integer.toString(record.partition())))
                .add(OFFSET, bytes(Long.toString(record.offset())))
                .add(EXCEPTION_TYPE, bytes(failure.getClass().getName()))
                .add(EXCEPTION_MESSAGE, bytes(message(failure, maxMessage)))
                .add(ATTEMPTS, bytes(Integer.toString(attempts)));
    }

    private static String message(final Throwable failure, final int max) {
        final String message = Objects.requireNonNullElse(failure.getMessage(), "");
        return message.length() > max ? message.substring(0, max) + "..." : message;
    }

    private static byte[] bytes(final String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
