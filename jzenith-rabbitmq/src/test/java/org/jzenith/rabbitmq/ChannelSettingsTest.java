package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.CommitStrategy;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.test.Configurations;

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
                        "rabbitmq.max-message-bytes"),
                QueueArguments.NONE,
                CommitStrategy.THROTTLED);
    }

    private static List<SettingProblem> problems(final Map<String, String> settings) {
        return ChannelSettings.problems(Configurations.read(RabbitMqConfiguration.class, settings));
    }

    private static ChannelSettings orders(final Map<String, String> settings) {
        return ChannelSettings.of("orders", Configurations.read(RabbitMqConfiguration.class, settings));
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

    @Test
    void theQueueArgumentsSetAreDeclaredWithTheQueueAndTheDeadLettersQueueHasNone() {
        final ChannelSettings limited = orders(Map.of(
                "rabbitmq.channels.orders.message-ttl", "90s",
                "rabbitmq.channels.orders.max-length", "1000",
                "rabbitmq.channels.orders.overflow", "Reject-Publish",
                "rabbitmq.channels.orders.delivery-limit", "5"));

        assertThat(limited.queueDeclaration())
                .containsOnly(
                        Map.entry("x-queue-type", "quorum"),
                        Map.entry("x-message-ttl", 90_000L),
                        Map.entry("x-max-length", 1000),
                        Map.entry("x-overflow", "reject-publish"),
                        Map.entry("x-delivery-limit", 5));
        assertThat(orders(Map.of()).queueDeclaration()).containsOnly(Map.entry("x-queue-type", "quorum"));
        assertThat(problems(Map.of(
                        "rabbitmq.channels.orders.message-ttl", "0ms",
                        "rabbitmq.channels.orders.max-length", "1",
                        "rabbitmq.channels.orders.overflow", "drop-head",
                        "rabbitmq.channels.orders.queue-type", "classic")))
                .isEmpty();
    }

    @Test
    void everyQueueArgumentOutOfItsRangeIsNamedAtOnce() {
        assertThat(problems(Map.of(
                        "rabbitmq.channels.orders.message-ttl", "PT-1S",
                        "rabbitmq.channels.orders.max-length", "0",
                        "rabbitmq.channels.orders.overflow", "reject-publish-dlx",
                        "rabbitmq.channels.orders.delivery-limit", "0",
                        "rabbitmq.channels.slow.message-ttl", "50d")))
                .extracting(SettingProblem::key, SettingProblem::expected)
                .containsExactlyInAnyOrder(
                        tuple("rabbitmq.channels.orders.message-ttl", "a duration from 0ms to 49d"),
                        tuple("rabbitmq.channels.orders.max-length", "a number of messages from 1 to 2147483647"),
                        tuple(
                                "rabbitmq.channels.orders.overflow",
                                "drop-head (drop the oldest message) or reject-publish (refuse the send)"),
                        tuple("rabbitmq.channels.orders.delivery-limit", "a number of deliveries from 1 to 2147483647"),
                        tuple("rabbitmq.channels.slow.message-ttl", "a duration from 0ms to 49d"));
    }

    @Test
    void aDeliveryLimitOnAClassicQueueIsRefusedNamingItsKey() {
        assertThat(problems(Map.of(
                        "rabbitmq.channels.orders.queue-type", "classic",
                        "rabbitmq.channels.orders.delivery-limit", "3")))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("rabbitmq.channels.orders.delivery-limit");
                    assertThat(problem.expected())
                            .contains("quorum queues only")
                            .contains("rabbitmq.channels.orders.queue-type=quorum");
                });
    }

    @Test
    void anOverflowWithoutALengthAndArgumentsOfAQueueDeclaredElsewhereAreRefused() {
        assertThat(problems(Map.of("rabbitmq.channels.orders.overflow", "reject-publish")))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("rabbitmq.channels.orders.overflow");
                    assertThat(problem.expected()).contains("rabbitmq.channels.orders.max-length");
                });
        assertThat(problems(Map.of(
                        "rabbitmq.declare", "false",
                        "rabbitmq.channels.orders.message-ttl", "1m",
                        "rabbitmq.channels.words.declare", "false",
                        "rabbitmq.channels.words.max-length", "10")))
                .extracting(SettingProblem::key)
                .containsExactlyInAnyOrder(
                        "rabbitmq.channels.orders.message-ttl", "rabbitmq.channels.words.max-length");
        assertThat(problems(Map.of(
                        "rabbitmq.declare", "false",
                        "rabbitmq.channels.orders.declare", "true",
                        "rabbitmq.channels.orders.message-ttl", "1m")))
                .isEmpty();
    }

    @Test
    void aQueueDeclaredBeforeWithOtherArgumentsIsExplainedNamingChannelQueueArgumentAndSetting() {
        final ChannelSettings limited = orders(Map.of("rabbitmq.channels.orders.queue", "shop.orders"));

        assertThat(QueueArguments.mismatch(
                        limited,
                        "406 PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' for queue 'shop.orders' in"
                                + " vhost '/': received the value '1000' of type 'long' but current is none"))
                .hasValueSatisfying(message -> assertThat(message)
                        .startsWith("channel 'orders': the queue 'shop.orders' exists already with another"
                                + " x-message-ttl than rabbitmq.channels.orders.message-ttl says")
                        .contains("delete the queue")
                        .endsWith("but current is none"));
        assertThat(QueueArguments.mismatch(limited, "406 PRECONDITION_FAILED - inequivalent arg 'x-max-priority'"))
                .hasValueSatisfying(message -> assertThat(message).contains("x-max-priority (no setting"));
        assertThat(QueueArguments.mismatch(limited, "404 NOT_FOUND - no queue 'shop.orders'"))
                .isEmpty();
    }

    @Test
    void theCommitStrategyIsThrottledUnlessTheChannelOrThePluginSaysOtherwise() {
        assertThat(orders(Map.of()).commitStrategy()).isEqualTo(CommitStrategy.THROTTLED);
        assertThat(orders(Map.of("rabbitmq.commit-strategy", "latest")).commitStrategy())
                .isEqualTo(CommitStrategy.LATEST);
        assertThat(orders(Map.of(
                                "rabbitmq.commit-strategy", "latest",
                                "rabbitmq.channels.orders.commit-strategy", "throttled"))
                        .commitStrategy())
                .isEqualTo(CommitStrategy.THROTTLED);
    }

    @Test
    void aCommitStrategyThatIsNotBuiltIsRefusedNamingItsKeyAndTheValidNames() {
        assertThat(problems(Map.of(
                        "rabbitmq.commit-strategy", "checkpoint",
                        "rabbitmq.channels.orders.commit-strategy", "ignore")))
                .extracting(SettingProblem::key, SettingProblem::expected)
                .containsExactlyInAnyOrder(
                        tuple("rabbitmq.commit-strategy", CommitStrategy.expected()),
                        tuple("rabbitmq.channels.orders.commit-strategy", CommitStrategy.expected()));
        assertThat(CommitStrategy.expected())
                .isEqualTo("one of throttled, latest (SmallRye's names; ignore and checkpoint are not built)");
    }
}
