package org.jzenith.benchmarks.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The bare client, {@code com.rabbitmq:amqp-client} as its guide has it, on the topology jZenith's
 * defaults declare (a durable topic exchange, a durable quorum queue bound with {@code #}): a
 * publisher on a connection of its own with publisher confirms, publishing persistent and {@code
 * mandatory}, and a consumer on another connection with {@code basic.qos} of jZenith's default
 * prefetch and manual acks, one per message, sent from the client's dispatch thread.
 */
final class Bare {

    private static final AMQP.BasicProperties PERSISTENT =
            new AMQP.BasicProperties.Builder().deliveryMode(2).build();

    private Bare() {}

    /** Declares exchange and queue {@code name}, starts consuming it and returns the variant. */
    static Variant start(final ConnectionFactory factory, final String name, final int prefetch) throws Exception {
        final Connection consuming = factory.newConnection("bare-consume");
        final Connection publishing = factory.newConnection("bare-publish");
        final Channel consumer = consuming.createChannel();
        consumer.exchangeDeclare(name, BuiltinExchangeType.TOPIC, true);
        consumer.queueDeclare(name, true, false, false, Map.of("x-queue-type", "quorum"));
        consumer.queueBind(name, name, "#");
        consumer.basicQos(prefetch);
        consumer.basicConsume(name, false, new DefaultConsumer(consumer) {
            @Override
            public void handleDelivery(
                    final String tag, final Envelope envelope, final AMQP.BasicProperties properties, final byte[] body)
                    throws IOException {
                if (body.length == 0) {
                    throw new IllegalStateException("an empty message");
                }
                AckLatency.consumed(body);
                getChannel().basicAck(envelope.getDeliveryTag(), false);
            }
        });

        final Channel publisher = publishing.createChannel();
        publisher.confirmSelect();
        final ConcurrentNavigableMap<Long, CompletableFuture<Void>> unconfirmed = new ConcurrentSkipListMap<>();
        publisher.addConfirmListener(new ConfirmListener() {
            @Override
            public void handleAck(final long sequence, final boolean multiple) {
                settle(unconfirmed, sequence, multiple, null);
            }

            @Override
            public void handleNack(final long sequence, final boolean multiple) {
                settle(unconfirmed, sequence, multiple, new IOException("the broker refused a message (basic.nack)"));
            }
        });
        publisher.addReturnListener(returned -> {
            System.err.println("a message was returned: " + returned.getReplyCode() + " " + returned.getReplyText());
            System.exit(1);
        });
        return new Variant(
                value -> {
                    final CompletableFuture<Void> confirmed = new CompletableFuture<>();
                    unconfirmed.put(publisher.getNextPublishSeqNo(), confirmed);
                    try {
                        publisher.basicPublish(name, name, true, PERSISTENT, value.getBytes(StandardCharsets.UTF_8));
                    } catch (final IOException e) {
                        confirmed.completeExceptionally(e);
                    }
                    return confirmed;
                },
                () -> {
                    try {
                        consuming.close(5000);
                        publishing.close(5000);
                    } catch (final IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    private static void settle(
            final ConcurrentNavigableMap<Long, CompletableFuture<Void>> unconfirmed,
            final long sequence,
            final boolean multiple,
            final Exception failure) {
        final Map<Long, CompletableFuture<Void>> done =
                multiple ? unconfirmed.headMap(sequence, true) : unconfirmed.subMap(sequence, true, sequence, true);
        done.values().forEach(future -> {
            if (failure == null) {
                future.complete(null);
            } else {
                future.completeExceptionally(failure);
            }
        });
        done.clear();
    }
}
