package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * The same consumer class (a consumer, a processor and its consumer) and the same emitters, once on
 * Kafka and once on RabbitMQ: only the plugin named and its settings differ, and both deliver the
 * same, in order.
 */
class SameChannelCodeIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void onKafka() throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(
                            new NewTopic("orders-" + suffix, 1, (short) 1),
                            new NewTopic("words-" + suffix, 1, (short) 1),
                            new NewTopic("upper-" + suffix, 1, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        final Inbox inbox = new Inbox();
        runs(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class)
                                .withEmitter("orders", Order.class)
                                .withEmitter("words", String.class))
                        .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                        .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                        .withConfiguration("kafka.group-id", "same-" + suffix)
                        .withConfiguration("kafka.channels.orders.topic", "orders-" + suffix)
                        .withConfiguration("kafka.channels.words.topic", "words-" + suffix)
                        .withConfiguration("kafka.channels.upper.topic", "upper-" + suffix),
                inbox);
    }

    @Test
    void onRabbitMq() {
        try (Broker broker = new Broker()) {
            final String orders = broker.unique("orders");
            final String words = broker.unique("words");
            final String upper = broker.unique("upper");
            final Inbox inbox = new Inbox();
            runs(
                    JZenith.application()
                            .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class)
                                    .withEmitter("orders", Order.class)
                                    .withEmitter("words", String.class))
                            .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                            .withConfiguration("rabbitmq.host", Broker.HOST)
                            .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                            .withConfiguration("rabbitmq.channels.orders.queue", orders)
                            .withConfiguration("rabbitmq.channels.words.exchange", words)
                            .withConfiguration("rabbitmq.channels.words.queue", words)
                            .withConfiguration("rabbitmq.channels.upper.exchange", upper)
                            .withConfiguration("rabbitmq.channels.upper.queue", upper),
                    inbox);
        }
    }

    private static void runs(final JZenith configured, final Inbox inbox) {
        final JZenith app = configured.start();
        try {
            final Emitter<Order> orders = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            final Emitter<String> words = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("words")));
            for (int i = 0; i < 20; i++) {
                orders.send(Order.of("o-" + i)).toCompletableFuture().join();
            }
            words.send("hello").toCompletableFuture().join();
            words.send("world").toCompletableFuture().join();

            Await.until(WAIT, "20 orders and 2 words", () -> inbox.orders.size() == 20 && inbox.upper.size() == 2);
            assertThat(inbox.orders.stream().map(Order::id).toList())
                    .isEqualTo(java.util.stream.IntStream.range(0, 20)
                            .mapToObj(i -> "o-" + i)
                            .toList());
            assertThat(inbox.upper).containsExactly("HELLO", "WORLD");
            assertThat(inbox.virtual).containsOnly(true);
        } finally {
            app.stop();
        }
    }
}
