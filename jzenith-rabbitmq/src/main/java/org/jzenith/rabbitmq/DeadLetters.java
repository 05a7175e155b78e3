package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Delivery;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.jzenith.messaging.spi.InboundMessage;

/**
 * Sends a message that failed for good to its channel's dead-letter exchange, with the routing key it
 * came with: its body, properties and headers as they came, and headers that say where it came from
 * and why it failed. Blocks until the broker confirmed it; called on a channel's virtual thread.
 * Thread-safe.
 *
 * <pre>
 * jzenith-dlt-queue              orders
 * jzenith-dlt-exchange           shop
 * jzenith-dlt-routing-key        order.created
 * jzenith-dlt-exception-type     java.lang.IllegalStateException
 * jzenith-dlt-exception-message  the warehouse is closed
 * jzenith-dlt-attempts           4
 * </pre>
 *
 * <p>When the broker refuses that copy for good ({@link #refusedForGood}: returned as unroutable,
 * the exchange missing, access refused, too large), {@link #sendCutDown} sends what surely fits: no
 * body, none of the original's headers, only these and {@code jzenith-dlt-cut-down} saying why.
 */
final class DeadLetters implements org.jzenith.messaging.spi.DeadLetters {

    static final String QUEUE = "jzenith-dlt-queue";
    static final String EXCHANGE = "jzenith-dlt-exchange";
    static final String ROUTING_KEY = "jzenith-dlt-routing-key";
    static final String EXCEPTION_TYPE = "jzenith-dlt-exception-type";
    static final String EXCEPTION_MESSAGE = "jzenith-dlt-exception-message";
    static final String ATTEMPTS = "jzenith-dlt-attempts";
    static final String CUT_DOWN = "jzenith-dlt-cut-down";

    private static final Set<String> OWN =
            Set.of(QUEUE, EXCHANGE, ROUTING_KEY, EXCEPTION_TYPE, EXCEPTION_MESSAGE, ATTEMPTS, CUT_DOWN);

    private static final int MAX_MESSAGE = 1000;
    private static final int MAX_CUT_DOWN_MESSAGE = 200;

    private final String channel;
    private final String exchange;
    private final RabbitMqClient client;

    /** Channel {@code channel}'s dead letters to {@code exchange}, through the plugin's publisher. */
    DeadLetters(final String channel, final String exchange, final RabbitMqClient client) {
        this.channel = channel;
        this.exchange = exchange;
        this.client = client;
    }

    @Override
    public String destination() {
        return exchange;
    }

    @Override
    public void send(final InboundMessage message, final Throwable failure, final int attempts)
            throws ExecutionException, InterruptedException {
        final Delivery delivery = RabbitMqInbound.delivery(message);
        final Map<String, Object> headers = new HashMap<>();
        final Map<String, Object> original = delivery.getProperties().getHeaders();
        if (original != null) {
            original.forEach((name, value) -> {
                if (!OWN.contains(name)) {
                    headers.put(name, value);
                }
            });
        }
        coordinates(headers, message, failure, attempts, MAX_MESSAGE);
        publish(delivery, delivery.getProperties().builder(), headers, delivery.getBody());
    }

    @Override
    public void sendCutDown(
            final InboundMessage message, final Throwable failure, final int attempts, final Throwable refused)
            throws ExecutionException, InterruptedException {
        final Delivery delivery = RabbitMqInbound.delivery(message);
        final Map<String, Object> headers = new HashMap<>();
        coordinates(headers, message, failure, attempts, MAX_CUT_DOWN_MESSAGE);
        headers.put(CUT_DOWN, refused.getClass().getName() + ": " + text(refused, MAX_CUT_DOWN_MESSAGE));
        publish(delivery, new AMQP.BasicProperties.Builder().deliveryMode(2), headers, new byte[0]);
    }

    private void publish(
            final Delivery delivery,
            final AMQP.BasicProperties.Builder properties,
            final Map<String, Object> headers,
            final byte[] body)
            throws ExecutionException, InterruptedException {
        final RabbitMqClient.Running running = client.running()
                .orElseThrow(
                        () -> new ExecutionException(new IllegalStateException("the rabbitmq plugin does not run")));
        // The copy keeps the message id it came with (an application's, say); the publish is known by
        // an id of its own until the broker confirmed it.
        final String publishId = RabbitMqOutbound.uniqueId();
        headers.put(OutgoingProperties.PUBLISH_ID, publishId);
        final AMQP.BasicProperties built = properties.headers(headers).build();
        running.publisher()
                .publish(
                        "the dead letters of channel '" + channel + "'",
                        exchange,
                        delivery.getEnvelope().getRoutingKey(),
                        built.getMessageId() == null
                                ? built.builder().messageId(publishId).build()
                                : built,
                        body)
                .get();
    }

    @Override
    public boolean refusedForGood(final Throwable refused) {
        return Refusals.forGood(refused);
    }

    private static void coordinates(
            final Map<String, Object> headers,
            final InboundMessage message,
            final Throwable failure,
            final int attempts,
            final int maxMessage) {
        final Delivery delivery = RabbitMqInbound.delivery(message);
        headers.put(QUEUE, message.source());
        headers.put(EXCHANGE, delivery.getEnvelope().getExchange());
        headers.put(ROUTING_KEY, delivery.getEnvelope().getRoutingKey());
        headers.put(EXCEPTION_TYPE, failure.getClass().getName());
        headers.put(EXCEPTION_MESSAGE, text(failure, maxMessage));
        headers.put(ATTEMPTS, Integer.toString(attempts));
    }

    private static String text(final Throwable failure, final int max) {
        final String message = Objects.requireNonNullElse(failure.getMessage(), "");
        return message.length() > max ? message.substring(0, max) + "..." : message;
    }
}
