package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Delivery;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.LongStringHelper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class RabbitMqInboundTest {

    private static RabbitMqInbound inbound(final AMQP.BasicProperties properties) {
        return new RabbitMqInbound(
                new Delivery(
                        new Envelope(42, false, "shop", "order.created"),
                        properties,
                        "{}".getBytes(StandardCharsets.UTF_8)),
                "shop.orders",
                "session-1");
    }

    @Test
    void headersOfEveryKindReadAsBytesAndWeigh() {
        final RabbitMqInbound message = inbound(new AMQP.BasicProperties.Builder()
                .headers(Map.of(
                        "traceparent",
                        LongStringHelper.asLongString("00-abc-def-01"),
                        "jzenith-event-id",
                        "e-1".getBytes(StandardCharsets.UTF_8),
                        "plain",
                        "text",
                        "count",
                        7))
                .build());

        assertThat(message.header("traceparent"))
                .hasValueSatisfying(value ->
                        assertThat(new String(value, StandardCharsets.UTF_8)).isEqualTo("00-abc-def-01"));
        assertThat(message.header("jzenith-event-id"))
                .hasValueSatisfying(value -> assertThat(value).isEqualTo("e-1".getBytes(StandardCharsets.UTF_8)));
        assertThat(message.header("plain"))
                .hasValueSatisfying(value ->
                        assertThat(new String(value, StandardCharsets.UTF_8)).isEqualTo("text"));
        assertThat(message.header("count"))
                .hasValueSatisfying(value ->
                        assertThat(new String(value, StandardCharsets.UTF_8)).isEqualTo("7"));
        assertThat(message.header("missing")).isEmpty();
        assertThat(message.position()).isEqualTo("shop.orders#42");
        assertThat(message.weight())
                .isEqualTo(2
                        + "traceparent".length()
                        + 13
                        + "jzenith-event-id".length()
                        + 3
                        + "plain".length()
                        + 4
                        + "count".length()
                        + 1);
    }

    @Test
    void theInboxKnowsAMessageByItsMessageIdElseByItsDeliveryInThisSession() {
        assertThat(inbound(new AMQP.BasicProperties.Builder().messageId("m-1").build())
                        .positionalId())
                .isEqualTo("m-1");
        assertThat(inbound(new AMQP.BasicProperties.Builder().build()).positionalId())
                .isEqualTo("shop.orders#session-1#42");
        assertThat(inbound(new AMQP.BasicProperties.Builder().build()).header("anything"))
                .isEmpty();
    }

    @Test
    void refusalsForGoodAreTheReturnedAndTheRefusedNotALostConnection() {
        final DeadLetters deadLetters = new DeadLetters("shop.orders", "shop.orders.dlx", new RabbitMqClient());

        assertThat(deadLetters.refusedForGood(
                        new ExecutionException(new UnroutableException(312, "NO_ROUTE", "shop.orders.dlx", "k"))))
                .isTrue();
        assertThat(deadLetters.refusedForGood(channelClosed(404, "NOT_FOUND - no exchange")))
                .isTrue();
        assertThat(deadLetters.refusedForGood(channelClosed(403, "ACCESS_REFUSED")))
                .isTrue();
        assertThat(deadLetters.refusedForGood(channelClosed(406, "PRECONDITION_FAILED - message size")))
                .isTrue();
        assertThat(deadLetters.refusedForGood(new ShutdownSignalException(true, false, null, null)))
                .isFalse();
        assertThat(deadLetters.refusedForGood(new java.util.concurrent.TimeoutException()))
                .isFalse();
    }

    private static ShutdownSignalException channelClosed(final int code, final String text) {
        return new ShutdownSignalException(
                false,
                false,
                new AMQP.Channel.Close.Builder().replyCode(code).replyText(text).build(),
                null);
    }

    @Test
    void aForeignMessageIdTheInboxCannotKeepIsKnownByItsDigestTheSameForEveryDelivery() {
        final String longId = "x".repeat(300);
        final String id = inbound(
                        new AMQP.BasicProperties.Builder().messageId(longId).build())
                .positionalId();

        assertThat(id).startsWith("message-id-sha256:").hasSize(82);
        assertThat(inbound(new AMQP.BasicProperties.Builder().messageId(longId).build())
                        .positionalId())
                .isEqualTo(id);
        assertThat(inbound(new AMQP.BasicProperties.Builder()
                                .messageId("caf\u00e9 1")
                                .build())
                        .positionalId())
                .startsWith("message-id-sha256:");
        assertThat(inbound(new AMQP.BasicProperties.Builder()
                                .messageId("order-1")
                                .build())
                        .positionalId())
                .isEqualTo("order-1");
    }
}
