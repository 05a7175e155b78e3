package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;

class ChannelSettingsTest {

    private static ChannelSettings settings(final String exchangeType, final Optional<String> routingKey) {
        return new ChannelSettings(
                "orders",
                "shop",
                exchangeType,
                routingKey,
                "shop.orders",
                "quorum",
                true,
                "shop.orders.dlx",
                10,
                true,
                new ChannelPolicy(
                        "orders",
                        3,
                        Duration.ofMillis(100),
                        Duration.ofSeconds(1),
                        FailureStrategy.DEAD_LETTER_QUEUE,
                        1024,
                        "rabbitmq.max-message-bytes"));
    }

    @Test
    void aTopicQueueWithoutARoutingKeyTakesEveryKeyAndSendsThePayloadsKey() {
        final ChannelSettings topic = settings("topic", Optional.empty());

        assertThat(topic.bindingKey()).isEqualTo("#");
        assertThat(topic.sendKey(Optional.of("customer-7"))).isEqualTo("customer-7");
        assertThat(topic.sendKey(Optional.empty())).isEqualTo("shop.orders");
    }

    @Test
    void aDirectQueueWithoutARoutingKeyIsBoundWithItsNameWhichUnkeyedSendsUse() {
        final ChannelSettings direct = settings("direct", Optional.empty());

        assertThat(direct.bindingKey()).isEqualTo("shop.orders");
        assertThat(direct.sendKey(Optional.empty())).isEqualTo(direct.bindingKey());
    }

    @Test
    void aRoutingKeySetIsBoundAndSentWhateverThePayloadsKey() {
        final ChannelSettings keyed = settings("topic", Optional.of("order.created"));

        assertThat(keyed.bindingKey()).isEqualTo("order.created");
        assertThat(keyed.sendKey(Optional.of("customer-7"))).isEqualTo("order.created");
    }

    @Test
    void aFanoutQueueIsBoundWithoutKeyAndTheDeadLettersHaveTheirOwnQueue() {
        final ChannelSettings fanout = settings("fanout", Optional.empty());

        assertThat(fanout.bindingKey()).isEmpty();
        assertThat(fanout.deadLetterQueue()).isEqualTo("shop.orders.dlq");
        assertThat(fanout.key("queue-type")).isEqualTo("rabbitmq.channels.orders.queue-type");
    }
}
