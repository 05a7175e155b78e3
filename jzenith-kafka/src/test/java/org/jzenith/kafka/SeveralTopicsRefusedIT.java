package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.kafka.guide.SeveralTopicsConsumer;

/**
 * Settings of several topics that cannot work stop start-up in the one report, each naming its key:
 * {@code topic} and {@code topics} together, a pattern that is no regular expression, {@code
 * pattern=true} without a {@code topic}, several topics or a pattern on a channel the application sends
 * to, and a dead-letter topic among the channel's own topics.
 */
class SeveralTopicsRefusedIT {

    private static JZenith application(final KafkaPlugin plugin) {
        return JZenith.application()
                .withPlugins(plugin)
                .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:9")
                .withConfiguration("kafka.group-id", "refused");
    }

    @Test
    void topicAndTopicsTogetherABadRegexAndSeveralTopicsOfAChannelSentToAreRefused() {
        final RuntimeException failure = assertRefusesToStart(
                application(KafkaPlugin.withConsumers(SeveralTopicsConsumer.class)
                                .withEmitter("prices", String.class))
                        .withConfiguration("kafka.channels.prices.topic", "prices")
                        .withConfiguration("kafka.channels.prices.topics", "prices.eu,prices.us")
                        .withConfiguration("kafka.channels.quotes.topic", "quotes[")
                        .withConfiguration("kafka.channels.quotes.pattern", "true"),
                "kafka.channels.prices.topics");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "kafka.channels.prices.topics (code (withConfiguration)): \"prices.eu,prices.us\" is not valid:"
                                + " expected either"
                                + " kafka.channels.prices.topic (one topic, or a regular expression with"
                                + " kafka.channels.prices.pattern=true) or kafka.channels.prices.topics (several), not both")
                .hasMessageContaining("\"prices.eu,prices.us\" is not valid: expected one topic: the application"
                        + " sends to channel 'prices', and a channel sent to takes one topic")
                .hasMessageContaining(
                        "kafka.channels.quotes.topic (code (withConfiguration)): \"quotes[\" is not valid: expected a"
                                + " regular expression of the"
                                + " topics to consume (kafka.channels.quotes.pattern=true): Unclosed character class at index");
    }

    @Test
    void aPatternWithoutATopicAPatternSentToAndADeadLetterTopicItConsumesAreRefused() {
        final RuntimeException failure = assertRefusesToStart(
                application(KafkaPlugin.withConsumers(SeveralTopicsConsumer.class)
                                .withEmitter("quotes", String.class))
                        .withConfiguration("kafka.channels.prices.topics", "prices.eu,prices.dlt")
                        .withConfiguration("kafka.channels.prices.dead-letter-topic", "prices.dlt")
                        .withConfiguration("kafka.channels.quotes.pattern", "true"),
                "kafka.channels.quotes.pattern");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "kafka.channels.quotes.pattern (code (withConfiguration)): \"true\" is not valid: expected"
                                + " false, or the regular expression of the topics in kafka.channels.quotes.topic (such as"
                                + " quotes\\..+), where pattern=true reads it")
                .hasMessageContaining(
                        "\"true\" is not valid: expected false: the application" + " sends to channel 'quotes'")
                .hasMessageContaining(
                        "kafka.channels.prices.dead-letter-topic (code (withConfiguration)): \"prices.dlt\" is not valid:"
                                + " expected a topic the"
                                + " channel does not consume: prices.dlt is one of its topics (prices.eu, prices.dlt)");
    }

    /** A consumer of a channel whose name has a dot, as the example pair's {@code users.events}. */
    public static class DottedChannelConsumer {
        @org.eclipse.microprofile.reactive.messaging.Incoming("users.events")
        public void consume(final String event) {}
    }

    @Test
    void aDottedChannelsRepeatedTopicIsReportedUnderItsQuotedKeyFromTheCommandLine() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application("--kafka.channels.\"users.events\".topics=a,a")
                        .withPlugins(KafkaPlugin.withConsumers(DottedChannelConsumer.class))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:9")
                        .withConfiguration("kafka.group-id", "refused"),
                "kafka.channels.\"users.events\".topics");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("kafka.channels.\"users.events\".topics (command line): \"a,a\" is not valid:"
                        + " expected topic names separated by commas, such as a,b,c: none empty, each once")
                .hasMessageNotContaining("required, but no source sets it");
    }

    @Test
    void aDottedChannelsPatternWithoutATopicIsReportedUnderItsQuotedKey() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application("--kafka.channels.\"users.events\".pattern=true")
                        .withPlugins(KafkaPlugin.withConsumers(DottedChannelConsumer.class))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:9")
                        .withConfiguration("kafka.group-id", "refused"),
                "kafka.channels.\"users.events\".pattern");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("kafka.channels.\"users.events\".pattern (command line): \"true\" is not valid:"
                        + " expected false, or the regular expression of the topics in"
                        + " kafka.channels.\"users.events\".topic");
    }
}
