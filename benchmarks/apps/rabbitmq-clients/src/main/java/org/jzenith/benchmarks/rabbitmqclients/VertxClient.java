package org.jzenith.benchmarks.rabbitmqclients;

import com.rabbitmq.client.AMQP;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.rabbitmq.QueueOptions;
import io.vertx.rabbitmq.RabbitMQClient;
import io.vertx.rabbitmq.RabbitMQConsumer;
import io.vertx.rabbitmq.RabbitMQOptions;
import io.vertx.rabbitmq.RabbitMQPublisher;
import io.vertx.rabbitmq.RabbitMQPublisherOptions;
import java.util.concurrent.CompletionStage;

/**
 * {@code io.vertx:vertx-rabbitmq-client} as its guide has it: a {@link RabbitMQPublisher} (the
 * client's reliable publisher, which tracks confirms) over one client, a {@link RabbitMQConsumer}
 * with manual acks and a prefetch over another. The client wraps {@code amqp-client}: its blocking
 * calls run on Vert.x's worker pool, its futures complete on the event loop. It cannot publish
 * {@code mandatory}: a message no queue takes is dropped by the broker without a word.
 */
final class VertxClient implements Client {

    private static final AMQP.BasicProperties PERSISTENT =
            new AMQP.BasicProperties.Builder().deliveryMode(2).build();

    private final Vertx vertx;
    private final RabbitMQClient consuming;
    private final RabbitMQClient publishing;
    private final RabbitMQPublisher publisher;
    private final String exchange;

    private VertxClient(
            final Vertx vertx,
            final RabbitMQClient consuming,
            final RabbitMQClient publishing,
            final RabbitMQPublisher publisher,
            final String exchange) {
        this.vertx = vertx;
        this.consuming = consuming;
        this.publishing = publishing;
        this.publisher = publisher;
        this.exchange = exchange;
    }

    static VertxClient start(final String host, final int port, final Topology topology, final Latencies latencies) {
        final Vertx vertx = Vertx.vertx();
        final RabbitMQOptions options = new RabbitMQOptions().setHost(host).setPort(port);
        final RabbitMQClient consuming = RabbitMQClient.create(vertx, options);
        consuming.start().await();
        consuming.exchangeDeclare(topology.name(), "topic", true, false).await();
        consuming
                .queueDeclare(topology.name(), true, false, false, new JsonObject().put("x-queue-type", "quorum"))
                .await();
        consuming.queueBind(topology.name(), topology.name(), "#").await();
        consuming.basicQos(topology.prefetch()).await();
        final RabbitMQConsumer consumer = consuming
                .basicConsumer(topology.name(), new QueueOptions().setAutoAck(false))
                .await();
        consumer.handler(message -> {
            final byte[] body = message.body().getBytes();
            consuming
                    .basicAck(message.envelope().getDeliveryTag(), false)
                    .onSuccess(acked -> latencies.acked(body));
        });

        final RabbitMQClient publishing = RabbitMQClient.create(vertx, options);
        publishing.start().await();
        final RabbitMQPublisher publisher = RabbitMQPublisher.create(vertx, publishing, new RabbitMQPublisherOptions());
        publisher.start().await();
        return new VertxClient(vertx, consuming, publishing, publisher, topology.name());
    }

    @Override
    public CompletionStage<Void> send(final byte[] body) {
        return publisher
                .publishConfirm(exchange, exchange, PERSISTENT, Buffer.buffer(body))
                .<Void>mapEmpty()
                .toCompletionStage();
    }

    @Override
    public void close() {
        publisher.stop().await();
        publishing.stop().await();
        consuming.stop().await();
        vertx.close().await();
    }
}
