package org.jzenith.benchmarks.rabbitmqclients;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * {@code com.rabbitmq:amqp-client} as its guide has it: a publisher channel with confirms on one
 * connection, a consumer with manual acks and a prefetch on another; the consumer acks from the
 * client's dispatch thread, the confirms complete from its reader thread.
 */
final class AmqpClient implements Client {

    private static final AMQP.BasicProperties PERSISTENT =
            new AMQP.BasicProperties.Builder().deliveryMode(2).build();

    private final Connection consuming;
    private final Connection publishing;
    private final Channel publisher;
    private final String exchange;
    private final ConcurrentNavigableMap<Long, CompletableFuture<Void>> unconfirmed = new ConcurrentSkipListMap<>();

    private AmqpClient(final Connection consuming, final Connection publishing, final String exchange)
            throws IOException {
        this.consuming = consuming;
        this.publishing = publishing;
        this.exchange = exchange;
        this.publisher = publishing.createChannel();
    }

    static AmqpClient start(final String host, final int port, final Topology topology, final Latencies latencies)
            throws Exception {
        final ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(host);
        factory.setPort(port);
        final AmqpClient client = new AmqpClient(
                factory.newConnection("amqp-consume"), factory.newConnection("amqp-publish"), topology.name());
        client.consume(topology, latencies);
        client.confirm();
        return client;
    }

    private void consume(final Topology topology, final Latencies latencies) throws IOException {
        final Channel consumer = consuming.createChannel();
        consumer.exchangeDeclare(topology.name(), BuiltinExchangeType.TOPIC, true);
        consumer.queueDeclare(topology.name(), true, false, false, Map.of("x-queue-type", "quorum"));
        consumer.queueBind(topology.name(), topology.name(), "#");
        consumer.basicQos(topology.prefetch());
        consumer.basicConsume(topology.name(), false, new DefaultConsumer(consumer) {
            @Override
            public void handleDelivery(
                    final String tag, final Envelope envelope, final AMQP.BasicProperties properties, final byte[] body)
                    throws IOException {
                getChannel().basicAck(envelope.getDeliveryTag(), false);
                latencies.acked(body);
            }
        });
    }

    private void confirm() throws IOException {
        publisher.confirmSelect();
        publisher.addConfirmListener(new ConfirmListener() {
            @Override
            public void handleAck(final long sequence, final boolean multiple) {
                settle(sequence, multiple, null);
            }

            @Override
            public void handleNack(final long sequence, final boolean multiple) {
                settle(sequence, multiple, new IOException("the broker refused a message (basic.nack)"));
            }
        });
    }

    @Override
    public CompletionStage<Void> send(final byte[] body) {
        final CompletableFuture<Void> confirmed = new CompletableFuture<>();
        // One thread sends (ClientBench), so the sequence number read here is the one this publish gets.
        unconfirmed.put(publisher.getNextPublishSeqNo(), confirmed);
        try {
            publisher.basicPublish(exchange, exchange, true, PERSISTENT, body);
        } catch (final IOException e) {
            confirmed.completeExceptionally(e);
        }
        return confirmed;
    }

    private void settle(final long sequence, final boolean multiple, final Exception failure) {
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

    @Override
    public void close() throws IOException {
        consuming.close(5000);
        publishing.close(5000);
    }
}
