package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

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
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.kafka.KafkaHealthCheck;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.messaging.Channels;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * One application, its channels declared once and served by Kafka and RabbitMQ alike: a setting per
 * channel chooses the broker. The same consumer class (a consumer, a processor and its consumer) runs
 * on Kafka, then on RabbitMQ, then split between them, with only that setting differing; the broker
 * not chosen neither connects nor reports health. A channel without a choice, a connector no plugin
 * serves, and a processor split across brokers stop start-up in one report.
 */
class ConnectorBySettingIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    /** The application under test: the channels once, both connectors given them. */
    private static JZenith application(final Inbox inbox) {
        final ChannelDeclarations channels = Channels.withConsumers(TestConsumers.class)
                .withEmitter("orders", Order.class)
                .withEmitter("words", String.class);
        return JZenith.application()
                .withPlugins(KafkaPlugin.serving(channels), RabbitMqPlugin.serving(channels))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox));
    }

    @Test
    void onKafka() throws Exception {
        try (Broker broker = new Broker()) {
            final Inbox inbox = new Inbox();
            final Brokers brokers = brokers(broker);
            final JZenith app = brokers.configure(application(inbox))
                    .withConfiguration("messaging.channels.orders.connector", "kafka")
                    .withConfiguration("messaging.channels.words.connector", "kafka")
                    .withConfiguration("messaging.channels.upper.connector", "kafka")
                    .start();
            try {
                assertThat(app.injector().getExistingBinding(Key.get(KafkaHealthCheck.class)))
                        .isNotNull();
                assertThat(app.injector().getExistingBinding(Key.get(RabbitMqHealthCheck.class)))
                        .as("RabbitMQ serves no channel: no client, no health check")
                        .isNull();
                delivers(app, inbox);
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void onRabbitMqBySmallRyesNames() throws Exception {
        try (Broker broker = new Broker()) {
            final Inbox inbox = new Inbox();
            final Brokers brokers = brokers(broker);
            final JZenith app = brokers.configure(application(inbox))
                    .withConfiguration("mp.messaging.incoming.orders.connector", "smallrye-rabbitmq")
                    .withConfiguration("mp.messaging.incoming.words.connector", "smallrye-rabbitmq")
                    .withConfiguration("mp.messaging.outgoing.upper.connector", "smallrye-rabbitmq")
                    .start();
            try {
                assertThat(app.injector().getExistingBinding(Key.get(KafkaHealthCheck.class)))
                        .as("Kafka serves no channel: no client, no health check")
                        .isNull();
                assertThat(broker.consumers(brokers.orders())).isEqualTo(1);
                delivers(app, inbox);
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void splitBetweenTheBrokers() throws Exception {
        try (Broker broker = new Broker()) {
            final Inbox inbox = new Inbox();
            final Brokers brokers = brokers(broker);
            final JZenith app = brokers.configure(application(inbox))
                    .withConfiguration("messaging.channels.orders.connector", "kafka")
                    .withConfiguration("messaging.channels.words.connector", "rabbitmq")
                    .withConfiguration("messaging.channels.upper.connector", "rabbitmq")
                    .start();
            try {
                assertThat(app.injector().getExistingBinding(Key.get(KafkaHealthCheck.class)))
                        .isNotNull();
                assertThat(app.injector().getExistingBinding(Key.get(RabbitMqHealthCheck.class)))
                        .isNotNull();
                assertThat(broker.consumers(brokers.words())).isEqualTo(1);
                delivers(app, inbox);
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void anOutboxSplitBetweenTheBrokersIsRelayedOnceEachEventThroughItsChannelsBroker() throws Exception {
        try (Broker broker = new Broker()) {
            final Inbox inbox = new Inbox();
            final Brokers brokers = brokers(broker);
            final java.nio.file.Path h2 = java.nio.file.Files.createTempDirectory("split-outbox");
            final JZenith app = brokers.configure(
                            application(inbox).withPlugins(JdbcPlugin.create().withOutbox()))
                    .withConfiguration("jdbc.embedded.directory", h2.toString())
                    .withConfiguration("messaging.channels.orders.connector", "kafka")
                    .withConfiguration("messaging.channels.words.connector", "rabbitmq")
                    .withConfiguration("messaging.channels.upper.connector", "rabbitmq")
                    .start();
            try {
                final Outbox outbox = app.instance(Outbox.class);
                app.instance(Jdbi.class).useTransaction(handle -> {
                    outbox.publish("orders", "k", Order.of("o-outbox"));
                    outbox.publish("words", "k", "relayed");
                });

                Await.until(
                        WAIT,
                        "the order through Kafka and the word through RabbitMQ",
                        () -> inbox.orders.size() == 1 && inbox.upper.size() == 1);
                assertThat(inbox.orders).extracting(Order::id).containsExactly("o-outbox");
                assertThat(inbox.upper).containsExactly("RELAYED");
                Await.until(
                        WAIT,
                        "both events marked sent",
                        () -> app.instance(Jdbi.class).withHandle(handle -> handle.createQuery(
                                                "SELECT COUNT(*) FROM jzenith_outbox WHERE sent_at IS NULL")
                                        .mapTo(Integer.class)
                                        .one())
                                == 0);
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void aConnectorWithoutChannelsNeedsNoSettings() {
        try (Broker broker = new Broker()) {
            final Inbox inbox = new Inbox();
            final String orders = broker.unique("orders");
            final String words = broker.unique("words");
            final String upper = broker.unique("upper");
            // no kafka.* at all: outside the dev and test profiles Kafka would ask for its brokers
            final JZenith app = application(inbox)
                    .withConfiguration("jzenith.profile", "prod")
                    .withConfiguration("rabbitmq.host", Broker.HOST)
                    .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                    .withConfiguration("rabbitmq.channels.orders.queue", orders)
                    .withConfiguration("rabbitmq.channels.words.exchange", words)
                    .withConfiguration("rabbitmq.channels.words.queue", words)
                    .withConfiguration("rabbitmq.channels.upper.exchange", upper)
                    .withConfiguration("rabbitmq.channels.upper.queue", upper)
                    .withConfiguration("messaging.channels.orders.connector", "rabbitmq")
                    .withConfiguration("messaging.channels.words.connector", "rabbitmq")
                    .withConfiguration("messaging.channels.upper.connector", "rabbitmq")
                    .start();
            try {
                delivers(app, inbox);
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void withOnlyOneConnectorEveryChannelIsItsWithoutASetting() {
        try (Broker broker = new Broker()) {
            final Inbox inbox = new Inbox();
            final String orders = broker.unique("orders");
            final String words = broker.unique("words");
            final String upper = broker.unique("upper");
            final ChannelDeclarations channels = Channels.withConsumers(TestConsumers.class)
                    .withEmitter("orders", Order.class)
                    .withEmitter("words", String.class);
            final JZenith app = JZenith.application()
                    .withPlugins(RabbitMqPlugin.serving(channels))
                    .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                    .withConfiguration("rabbitmq.host", Broker.HOST)
                    .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                    .withConfiguration("rabbitmq.channels.orders.queue", orders)
                    .withConfiguration("rabbitmq.channels.words.exchange", words)
                    .withConfiguration("rabbitmq.channels.words.queue", words)
                    .withConfiguration("rabbitmq.channels.upper.exchange", upper)
                    .withConfiguration("rabbitmq.channels.upper.queue", upper)
                    .start();
            try {
                delivers(app, inbox);
            } finally {
                app.stop();
            }
        }
    }

    @Test
    void channelsWithoutAChoiceAreNamedInOneReport() {
        final RuntimeException failure = assertRefusesToStart(
                application(new Inbox()).withConfiguration("messaging.channels.orders.connector", "kafka"),
                "messaging.channels.upper.connector");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("no connector is chosen for the channels upper, words")
                .hasMessageContaining("messaging.channels.words.connector")
                .hasMessageContaining("set messaging.channels.NAME.connector=kafka or rabbitmq for each")
                .hasMessageNotContaining("messaging.channels.orders.connector")
                .hasMessageNotContaining("rabbitmq.host");
    }

    @Test
    void anUnknownConnectorNamesTheKeyAndTheAllowedValues() {
        final RuntimeException failure = assertRefusesToStart(
                application(new Inbox())
                        .withConfiguration("messaging.channels.orders.connector", "kafak")
                        .withConfiguration("mp.messaging.incoming.words.connector", "smallrye-amqp")
                        .withConfiguration("messaging.channels.upper.connector", "rabbitmq")
                        .withConfiguration("messaging.channels.ordres.connector", "kafka"),
                "messaging.channels.orders.connector");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("\"kafak\" is not valid")
                .hasMessageContaining("mp.messaging.incoming.words.connector")
                .hasMessageContaining("\"smallrye-amqp\" is not valid")
                .hasMessageContaining("one of kafka, smallrye-kafka, rabbitmq, smallrye-rabbitmq")
                .hasMessageContaining("messaging.channels.ordres.connector")
                .hasMessageContaining("its channels are orders, upper, words")
                .hasMessageNotContaining("no connector is chosen");
    }

    @Test
    void aProcessorConsumesAndSendsOnOneBroker() {
        final RuntimeException failure = assertRefusesToStart(
                application(new Inbox())
                        .withConfiguration("messaging.channels.orders.connector", "kafka")
                        .withConfiguration("messaging.channels.words.connector", "kafka")
                        .withConfiguration("mp.messaging.outgoing.upper.connector", "smallrye-rabbitmq"),
                "the processor of the channel 'words'");

        assertThat(failure).hasMessageContaining("consumes 'words' on kafka and sends to 'upper' on rabbitmq");
    }

    @Test
    void aChannelGivenToOneConnectorStaysIts() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class)
                                .withEmitter("orders", Order.class)
                                .withEmitter("words", String.class))
                        .withModules(binder -> binder.bind(Inbox.class).toInstance(new Inbox()))
                        .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                        .withConfiguration("kafka.group-id", "unused")
                        .withConfiguration("messaging.channels.orders.connector", "rabbitmq"),
                "messaging.channels.orders.connector");

        assertThat(failure).hasMessageContaining("the channel 'orders' is KafkaPlugin's");
    }

    @Test
    void emittersAndStreamsAreDeclaredOnTheSharedChannels() {
        final ChannelDeclarations channels = Channels.withConsumers(TestConsumers.class);

        assertThatThrownBy(() -> RabbitMqPlugin.serving(channels).withEmitter("orders", Order.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Channels.withConsumers(...).withEmitter(...)");
        assertThatThrownBy(() -> KafkaPlugin.serving(channels).withStream("orders", Order.class))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Channels.withConsumers(...).withStream(...)");
    }

    /** Sends 20 orders and two words; the consumers receive them all, in order, on virtual threads. */
    private static void delivers(final JZenith app, final Inbox inbox) {
        final Emitter<Order> orders =
                app.injector().getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
        final Emitter<String> words =
                app.injector().getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("words")));
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
    }

    /** Both brokers' settings for the three channels, with names no other test uses. */
    private record Brokers(String suffix, String orders, String words, String upper) {

        JZenith configure(final JZenith app) {
            return app.withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                    .withConfiguration("kafka.group-id", "by-setting-" + suffix)
                    .withConfiguration("kafka.channels.orders.topic", "orders-" + suffix)
                    .withConfiguration("kafka.channels.words.topic", "words-" + suffix)
                    .withConfiguration("kafka.channels.upper.topic", "upper-" + suffix)
                    .withConfiguration("rabbitmq.host", Broker.HOST)
                    .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                    .withConfiguration("rabbitmq.channels.orders.queue", orders)
                    .withConfiguration("rabbitmq.channels.words.exchange", words)
                    .withConfiguration("rabbitmq.channels.words.queue", words)
                    .withConfiguration("rabbitmq.channels.upper.exchange", upper)
                    .withConfiguration("rabbitmq.channels.upper.queue", upper);
        }
    }

    private static Brokers brokers(final Broker broker) throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(
                            new NewTopic("orders-" + suffix, 1, (short) 1),
                            new NewTopic("words-" + suffix, 1, (short) 1),
                            new NewTopic("upper-" + suffix, 1, (short) 1)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        return new Brokers(suffix, broker.unique("orders"), broker.unique("words"), broker.unique("upper"));
    }
}
