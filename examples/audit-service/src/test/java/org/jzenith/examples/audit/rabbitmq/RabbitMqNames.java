package org.jzenith.examples.audit.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jzenith.test.services.LocalServices;

/**
 * The exchange and queue of one test run on the machine's RabbitMQ (127.0.0.1:5672, guest/guest;
 * started if nothing answers): names no other run uses, deleted with their dead letters after the
 * test class, once the services (registered after this extension) have stopped. It changes nothing
 * else on the broker.
 */
final class RabbitMqNames implements AfterAllCallback {

    static final String HOST = "127.0.0.1";
    static final int PORT = 5672;

    private final String exchange;
    private final String queue;

    private RabbitMqNames(final String run) {
        this.exchange = "jzenith-test-users-" + run;
        this.queue = "jzenith-test-audit-" + run;
    }

    /** Names of a new run, with the machine's RabbitMQ running. */
    static RabbitMqNames create() {
        LocalServices.rabbitmq();
        return new RabbitMqNames(UUID.randomUUID().toString().substring(0, 8));
    }

    /** The exchange the user service sends to. */
    String exchange() {
        return exchange;
    }

    /** The queue the audit service consumes, bound to the exchange. */
    String queue() {
        return queue;
    }

    /** How many messages the queue holds ready. */
    long ready() {
        return on(channel -> channel.queueDeclarePassive(queue).getMessageCount());
    }

    @Override
    public void afterAll(final ExtensionContext context) {
        // what the services declared: the queue, its dead letters' exchange and queue, the exchange
        for (final String name : List.of(queue, queue + ".dlq")) {
            delete(channel -> channel.queueDelete(name));
        }
        for (final String name : List.of(queue + ".dlx", exchange)) {
            delete(channel -> channel.exchangeDelete(name));
        }
    }

    private interface Action<T> {
        T on(Channel channel) throws IOException;
    }

    private static <T> T on(final Action<T> action) {
        final ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(HOST);
        factory.setPort(PORT);
        try (Connection connection = factory.newConnection("jzenith-test");
                Channel channel = connection.createChannel()) {
            return action.on(channel);
        } catch (final IOException | TimeoutException e) {
            throw new IllegalStateException("RabbitMQ at " + HOST + ":" + PORT + ": " + e.getMessage(), e);
        }
    }

    private static void delete(final Action<?> deletion) {
        try {
            on(deletion);
        } catch (final IllegalStateException e) {
            // not there: nothing to delete
        }
    }
}
