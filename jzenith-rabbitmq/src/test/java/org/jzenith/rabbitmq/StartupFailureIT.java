package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.net.Ports;

/**
 * A misconfigured application stops before anything starts, with one report naming every bad key; an
 * unreachable server, and a topology that is not there where the application only checks it, fail
 * the start naming the settings. Passwords appear nowhere.
 */
class StartupFailureIT {

    private static final String PASSWORD = "rabbit-secret-4711";

    private final Broker broker = new Broker();

    @AfterEach
    void close() {
        broker.close();
    }

    @Test
    void everyBadSettingIsReportedAtOnceWithoutItsSecrets() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class)
                                .withEmitter("orders", Order.class))
                        .withConfiguration("rabbitmq.host", "127.0.0.1")
                        .withConfiguration("rabbitmq.uri", "amqp://app:" + PASSWORD + "@127.0.0.1:5672/%2f")
                        .withConfiguration("rabbitmq.password", PASSWORD)
                        .withConfiguration("rabbitmq.retries", "-1")
                        .withConfiguration("rabbitmq.prefech", "10")
                        .withConfiguration("rabbitmq.channels.ordres.queue", "orders")
                        .withConfiguration("rabbitmq.channels.orders.exchange-type", "headers")
                        .withConfiguration("rabbitmq.channels.orders.queue-type", "lazy")
                        .withConfiguration("rabbitmq.channels.words.durable", "false")
                        .withConfiguration("rabbitmq.channels.words.prefetch", "0")
                        .withConfiguration("rabbitmq.channels.upper.failure-strategy", "retry")
                        .withConfiguration("rabbitmq.channels.upper.commit-strategy", "checkpoint")
                        .withConfiguration("rabbitmq.commit-strategy", "ignore")
                        .withConfiguration("rabbitmq.channels.upper.backoff", "2h"),
                "rabbitmq.uri",
                PASSWORD);

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rabbitmq.uri")
                .hasMessageContaining("no URI where rabbitmq.host is set")
                .hasMessageContaining("rabbitmq.retries")
                .hasMessageContaining("rabbitmq.prefech")
                .hasMessageContaining("rabbitmq.channels.ordres")
                .hasMessageContaining("its channels are orders, upper, words")
                .hasMessageContaining("rabbitmq.channels.orders.exchange-type")
                .hasMessageContaining("one of direct, topic, fanout")
                .hasMessageContaining("rabbitmq.channels.orders.queue-type")
                .hasMessageContaining("rabbitmq.channels.words.durable")
                .hasMessageContaining("true for a quorum queue")
                .hasMessageContaining("rabbitmq.channels.words.prefetch")
                .hasMessageContaining("rabbitmq.channels.upper.failure-strategy")
                .hasMessageContaining("rabbitmq.channels.upper.commit-strategy")
                .hasMessageContaining("rabbitmq.commit-strategy")
                .hasMessageContaining(
                        "one of throttled, latest (SmallRye's names; ignore and checkpoint are not built)")
                .hasMessageContaining("rabbitmq.channels.upper.backoff");
    }

    @Test
    void aMissingServerIsNamed() {
        assertThat(assertRefusesToStart(JZenith.application().withPlugins(RabbitMqPlugin.create()), "rabbitmq.host"))
                .hasMessageContaining("the RabbitMQ server to connect to");
    }

    @Test
    void aMethodTakingATypeOfTheClientIsRefusedNamingItAndWhatToTake() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(RabbitMqPlugin.withConsumers(ClientTypeConsumers.class))
                        .withConfiguration("rabbitmq.host", "127.0.0.1")
                        .withConfiguration("rabbitmq.port", Ports.free()),
                "ClientTypeConsumers");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("ClientTypeConsumers.delivery")
                .hasMessageContaining("takes a com.rabbitmq.client.Delivery, a type of RabbitMQ's amqp-client that"
                        + " the connector of channel 'orders' does not hand to methods; take the payload (String,"
                        + " byte[], a JSON type), or a Message<T>")
                .hasMessageContaining("ClientTypeConsumers.properties")
                .hasMessageContaining("takes a com.rabbitmq.client.AMQP$BasicProperties");
    }

    @Test
    void anUnreachableServerFailsTheStartNamingItsSettings() {
        final int port = Ports.free();

        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(RabbitMqPlugin.create().withEmitter("orders", Order.class))
                                .withConfiguration("rabbitmq.host", "127.0.0.1")
                                .withConfiguration("rabbitmq.port", port)
                                .withConfiguration("rabbitmq.password", PASSWORD)
                                .withConfiguration("rabbitmq.connect-timeout", "1s"),
                        "rabbitmq.host",
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to RabbitMQ at 127.0.0.1:" + port + "/");
    }

    @Test
    void aQueueThatIsNotThereWhereTheApplicationOnlyChecksFailsTheStartNamingIt() {
        final String orders = broker.unique("orders");

        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class))
                                .withModules(binder -> binder.bind(Inbox.class).toInstance(new Inbox()))
                                .withConfiguration("rabbitmq.host", Broker.HOST)
                                .withConfiguration("rabbitmq.declare", "false")
                                .withConfiguration("rabbitmq.channels.orders.queue", orders)
                                .withConfiguration("rabbitmq.channels.orders.exchange", orders),
                        "rabbitmq.channels.orders.queue"))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("rabbitmq.channels.orders.exchange")
                .hasMessageContaining("404 NOT_FOUND");
    }
}
