package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The machine's RabbitMQ (127.0.0.1:5672, guest/guest; started if nothing answers) as the tests use it: names no other test
 * uses, a look into queues, and deleting what a test made. It never changes anything else.
 */
final class Broker implements AutoCloseable {

    static final String HOST = "127.0.0.1";
    static final int PORT = 5672;

    private final Connection connection;
    private final List<String> queues = new ArrayList<>();
    private final List<String> exchanges = new ArrayList<>();

    Broker() {
        try {
            // started as Debian's package runs it when nothing answers (scripts/services.sh rabbitmq)
            org.jzenith.test.services.LocalServices.rabbitmq();
            final ConnectionFactory factory = new ConnectionFactory();
            factory.setHost(HOST);
            factory.setPort(PORT);
            connection = factory.newConnection("jzenith-test");
        } catch (final IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(
                    "no RabbitMQ at " + HOST + ":" + PORT + " (scripts/services.sh rabbitmq)", e);
        }
    }

    /** A name no other test uses, starting with {@code prefix}; its queue, exchange and dead letters are deleted on close. */
    String unique(final String prefix) {
        final String name =
                "jzenith-test-" + prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        queues.add(name);
        queues.add(name + ChannelSettings.DEAD_LETTER_QUEUE_SUFFIX);
        exchanges.add(name);
        exchanges.add(name + ChannelSettings.DEAD_LETTER_EXCHANGE_SUFFIX);
        return name;
    }

    /** The next message of {@code queue}, taken off it. */
    Optional<GetResponse> take(final String queue) {
        try (Channel channel = connection.createChannel()) {
            return Optional.ofNullable(channel.basicGet(queue, true));
        } catch (final IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every message {@code queue} holds ready, taken off it on one channel, in the queue's order. */
    List<GetResponse> takeAll(final String queue) {
        try (Channel channel = connection.createChannel()) {
            final List<GetResponse> taken = new ArrayList<>();
            GetResponse next;
            while ((next = channel.basicGet(queue, true)) != null) {
                taken.add(next);
            }
            return taken;
        } catch (final IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many messages {@code queue} holds ready. */
    long ready(final String queue) {
        try (Channel channel = connection.createChannel()) {
            return channel.queueDeclarePassive(queue).getMessageCount();
        } catch (final IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code queue} exists (declared by the application under test, say). */
    boolean queueExists(final String queue) {
        try (Channel channel = connection.createChannel()) {
            channel.queueDeclarePassive(queue);
            return true;
        } catch (final IOException | RuntimeException e) {
            return false; // 404 NOT_FOUND closed the channel
        } catch (final java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many consumers {@code queue} has. */
    long consumers(final String queue) {
        try (Channel channel = connection.createChannel()) {
            return channel.queueDeclarePassive(queue).getConsumerCount();
        } catch (final IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Publishes {@code body} as it is, as a producer that is not jZenith would. */
    void publish(final String exchange, final String routingKey, final byte[] body) {
        publish(exchange, routingKey, body, java.util.Map.of());
    }

    /** Publishes {@code body} as it is with {@code headers}, as a producer that is not jZenith would. */
    void publish(
            final String exchange,
            final String routingKey,
            final byte[] body,
            final java.util.Map<String, Object> headers) {
        try (Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            channel.basicPublish(
                    exchange,
                    routingKey,
                    true,
                    new AMQP.BasicProperties.Builder().headers(headers).build(),
                    body);
            channel.waitForConfirmsOrDie(10_000);
        } catch (final IOException | InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Publishes {@code bodies} in order on one channel, waiting for the broker's confirms once at the end. */
    void publishAll(final String exchange, final String routingKey, final List<byte[]> bodies) {
        try (Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            for (final byte[] body : bodies) {
                channel.basicPublish(exchange, routingKey, true, new AMQP.BasicProperties(), body);
            }
            channel.waitForConfirmsOrDie(60_000);
        } catch (final IOException | InterruptedException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Declares a topic exchange that no queue is bound to. */
    void exchangeWithoutQueues(final String exchange) {
        try (Channel channel = connection.createChannel()) {
            channel.exchangeDeclare(exchange, "topic", false);
        } catch (final IOException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Deletes what the test's names made, and disconnects. */
    @Override
    public void close() {
        for (final String queue : queues) {
            delete(channel -> channel.queueDelete(queue));
        }
        for (final String exchange : exchanges) {
            delete(channel -> channel.exchangeDelete(exchange));
        }
        try {
            connection.close();
        } catch (final IOException e) {
            // the test is over
        }
    }

    private interface Deletion {
        void on(Channel channel) throws IOException;
    }

    private void delete(final Deletion deletion) {
        try (Channel channel = connection.createChannel()) {
            deletion.on(channel);
        } catch (final IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
            // not there: nothing to delete
        }
    }
}
