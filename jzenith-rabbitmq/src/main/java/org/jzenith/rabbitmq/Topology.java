package org.jzenith.rabbitmq;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Declares the exchanges, queues and bindings of the application's channels at start-up, or, where
 * {@code declare=false}, checks that they exist ({@code passive}): every channel's exchange; for a
 * channel consumed, or one whose queue is set, its queue ({@code x-queue-type} and the {@link
 * QueueArguments} set), the binding with the
 * channel's key, its dead-letter exchange (a topic exchange) and the queue {@code <queue>.dlq} bound
 * to it with {@code #}. What the client declared it declares again after a lost connection. A
 * declaration the broker refuses (an exchange of another type, a queue with other arguments) closes
 * the channel it was made on; the next one is made on a new channel, so that every problem is found.
 * The last channel stays open while the connection does, for the client's topology recovery.
 */
final class Topology {

    private final Connection connection;
    private final List<String> problems = new ArrayList<>();
    private Channel channel;

    private Topology(final Connection connection) {
        this.connection = connection;
    }

    /**
     * Declares or checks the topology of {@code channels} (those consumed or with a queue have one);
     * returns what the broker refused, naming the settings; empty when all is in place.
     */
    static List<String> apply(
            final Connection connection, final List<ChannelSettings> channels, final List<String> queued)
            throws IOException {
        final Topology topology = new Topology(connection);
        try {
            for (final ChannelSettings settings : channels) {
                topology.apply(settings, queued.contains(settings.channel()));
            }
        } finally {
            if (!topology.problems.isEmpty()) {
                topology.close();
            }
        }
        // The channel stays open with the connection: the client re-declares what was declared on a
        // channel through that channel after a lost connection, and cannot once it is closed.
        return List.copyOf(topology.problems);
    }

    private void apply(final ChannelSettings settings, final boolean queued) throws IOException {
        final boolean durable = settings.durable();
        final String exchangeKeys = settings.key("exchange") + " (" + settings.key("exchange-type") + ")";
        if (settings.declare()) {
            run(
                    exchangeKeys,
                    "exchange '" + settings.exchange() + "'",
                    ch -> ch.exchangeDeclare(settings.exchange(), settings.exchangeType(), durable));
        } else {
            run(
                    exchangeKeys,
                    "exchange '" + settings.exchange() + "'",
                    ch -> ch.exchangeDeclarePassive(settings.exchange()));
        }
        if (!queued) {
            return;
        }
        final String queueKeys =
                settings.key("queue") + " (" + settings.key("queue-type") + ", " + settings.key("durable") + ")";
        final String deadLetterKeys = settings.key("dead-letter-exchange");
        if (settings.declare()) {
            final Map<String, Object> arguments = settings.queueDeclaration();
            run(
                    ch -> ch.queueDeclare(settings.queue(), durable, false, false, arguments),
                    refused -> QueueArguments.mismatch(settings, RabbitMqClient.describe(refused))
                            .orElseGet(() -> queueKeys + ": the broker refused the queue '" + settings.queue() + "': "
                                    + RabbitMqClient.describe(refused)));
            run(
                    settings.key("routing-key"),
                    "binding of queue '" + settings.queue() + "' to '" + settings.exchange() + "'",
                    ch -> ch.queueBind(settings.queue(), settings.exchange(), settings.bindingKey()));
            run(
                    deadLetterKeys,
                    "exchange '" + settings.deadLetterExchange() + "'",
                    ch -> ch.exchangeDeclare(settings.deadLetterExchange(), BuiltinExchangeType.TOPIC, durable));
            // The dead letters' queue keeps what it is given: none of the channel queue's limits.
            final Map<String, Object> deadLetterArguments = Map.of("x-queue-type", settings.queueType());
            run(
                    deadLetterKeys,
                    "queue '" + settings.deadLetterQueue() + "'",
                    ch -> ch.queueDeclare(settings.deadLetterQueue(), durable, false, false, deadLetterArguments));
            run(
                    deadLetterKeys,
                    "binding of queue '" + settings.deadLetterQueue() + "'",
                    ch -> ch.queueBind(settings.deadLetterQueue(), settings.deadLetterExchange(), "#"));
        } else {
            run(queueKeys, "queue '" + settings.queue() + "'", ch -> ch.queueDeclarePassive(settings.queue()));
            run(
                    deadLetterKeys,
                    "exchange '" + settings.deadLetterExchange() + "'",
                    ch -> ch.exchangeDeclarePassive(settings.deadLetterExchange()));
        }
    }

    /** One declaration, made by {@code action}. */
    @FunctionalInterface
    private interface Declaration {
        void on(Channel channel) throws IOException;
    }

    private void run(final String keys, final String what, final Declaration action) throws IOException {
        run(action, refused -> keys + ": the broker refused the " + what + ": " + RabbitMqClient.describe(refused));
    }

    /** Makes {@code action}; what the broker refuses becomes a problem, said by {@code problem}. */
    private void run(final Declaration action, final Function<ShutdownSignalException, String> problem)
            throws IOException {
        if (channel == null || !channel.isOpen()) {
            channel = connection.createChannel();
        }
        try {
            action.on(channel);
        } catch (final IOException e) {
            if (e.getCause() instanceof ShutdownSignalException refused && !refused.isHardError()) {
                problems.add(problem.apply(refused));
            } else {
                throw e;
            }
        }
    }

    private void close() {
        try {
            if (channel != null && channel.isOpen()) {
                channel.close();
            }
        } catch (final IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
            // the problems are reported already
        }
    }
}
