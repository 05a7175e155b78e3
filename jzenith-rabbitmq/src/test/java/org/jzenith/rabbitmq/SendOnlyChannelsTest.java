package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.test.Configurations;

class SendOnlyChannelsTest {

    private static java.util.List<SettingProblem> problems(
            final Map<String, String> settings, final String... sendOnly) {
        return SendOnlyChannels.problems(Configurations.read(RabbitMqConfiguration.class, settings), Set.of(sendOnly));
    }

    @Test
    void everyQueueAndConsumerSettingOfAChannelOnlySentToIsNamedWithItsFix() {
        final Map<String, String> settings = new java.util.HashMap<>();
        for (final String setting : SendOnlyChannels.CONSUMER_SETTINGS) {
            settings.put("rabbitmq.channels.shipments." + setting, value(setting));
        }
        for (final String setting : SendOnlyChannels.QUEUE_SETTINGS) {
            settings.put("rabbitmq.channels.shipments." + setting, value(setting));
        }

        assertThat(problems(settings, "shipments"))
                .extracting(SettingProblem::key)
                .containsExactly(
                        "rabbitmq.channels.shipments.prefetch",
                        "rabbitmq.channels.shipments.retries",
                        "rabbitmq.channels.shipments.backoff",
                        "rabbitmq.channels.shipments.max-backoff",
                        "rabbitmq.channels.shipments.failure-strategy",
                        "rabbitmq.channels.shipments.max-message-bytes",
                        "rabbitmq.channels.shipments.queue-type",
                        "rabbitmq.channels.shipments.dead-letter-exchange",
                        "rabbitmq.channels.shipments.message-ttl",
                        "rabbitmq.channels.shipments.max-length",
                        "rabbitmq.channels.shipments.overflow",
                        "rabbitmq.channels.shipments.delivery-limit");
        assertThat(problems(settings, "shipments"))
                .filteredOn(problem -> problem.key().endsWith(".message-ttl"))
                .singleElement()
                .extracting(SettingProblem::expected)
                .asString()
                .contains("only sends to and whose queue is not set")
                .contains("set rabbitmq.channels.shipments.queue")
                .contains("or remove it");
        assertThat(problems(settings, "shipments"))
                .filteredOn(problem -> problem.key().endsWith(".prefetch"))
                .singleElement()
                .extracting(SettingProblem::expected)
                .asString()
                .contains("only a consumer of the channel reads it; remove it");
    }

    @Test
    void aChannelOnlySentToWhoseQueueIsSetTakesTheQueuesSettingsButNoConsumers() {
        assertThat(problems(
                        Map.of(
                                "rabbitmq.channels.shipments.queue", "warehouse.shipments",
                                "rabbitmq.channels.shipments.message-ttl", "10m",
                                "rabbitmq.channels.shipments.queue-type", "classic",
                                "rabbitmq.channels.shipments.prefetch", "10"),
                        "shipments"))
                .extracting(SettingProblem::key)
                .containsExactly("rabbitmq.channels.shipments.prefetch");
    }

    @Test
    void aChannelConsumedOrOnlySentToWithSendingSettingsHasNoProblem() {
        final Map<String, String> settings = Map.of(
                "rabbitmq.channels.orders.prefetch", "10",
                "rabbitmq.channels.orders.message-ttl", "10m",
                "rabbitmq.channels.shipments.exchange", "warehouse",
                "rabbitmq.channels.shipments.exchange-type", "direct",
                "rabbitmq.channels.shipments.routing-key", "shipment",
                "rabbitmq.channels.shipments.durable", "false",
                "rabbitmq.channels.shipments.declare", "false");

        assertThat(problems(settings, "shipments")).isEmpty();
    }

    @Test
    void aChannelNamedWithADotIsOneChannelInItsKeys() {
        assertThat(problems(
                        Map.of(
                                "rabbitmq.channels.\"users.events\".exchange", "users",
                                "rabbitmq.channels.\"users.events\".max-length", "10"),
                        "users.events"))
                .extracting(SettingProblem::key)
                .containsExactly("rabbitmq.channels.\"users.events\".max-length");
    }

    private static String value(final String setting) {
        return switch (setting) {
            case "backoff", "max-backoff", "message-ttl" -> "1s";
            case "failure-strategy" -> "ignore";
            case "queue-type" -> "classic";
            case "dead-letter-exchange" -> "dead";
            case "overflow" -> "drop-head";
            case "max-message-bytes" -> "4096";
            default -> "5";
        };
    }
}
