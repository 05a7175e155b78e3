package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;

/** Which topics a channel's settings make it consume, its default dead-letter topic, and the refusals. */
class SubscriptionSettingsTest {

    /**
     * The plugin's durations as {@link java.time.Duration#parse} reads them: this bare configuration has
     * not core's converter of {@code 200ms}, which the defaults are written in.
     */
    private static final Map<String, String> DURATIONS = Map.of(
            "kafka.backoff", "PT0.2S",
            "kafka.max-backoff", "PT10S",
            "kafka.connect-timeout", "PT15S",
            "kafka.drain-timeout", "PT10S",
            "kafka.health-timeout", "PT2S",
            "kafka.send-timeout", "PT5S",
            "kafka.unacknowledged-warning", "PT60S");

    /** The plugin's settings of {@code settings} and the defaults, without core's loader. */
    static KafkaConfiguration configuration(final Map<String, String> settings) {
        return new SmallRyeConfigBuilder()
                .withMapping(KafkaConfiguration.class)
                .withSources(new PropertiesConfigSource(settings, "test", 100))
                .withSources(new PropertiesConfigSource(DURATIONS, "durations", 50))
                .build()
                .getConfigMapping(KafkaConfiguration.class);
    }

    private static ChannelSettings settings(final String channel, final Map<String, String> settings) {
        return ChannelSettings.of(channel, configuration(settings), MemoryBudget.ofThisJvm());
    }

    @Test
    void aListOfTopicsIsConsumedWithTheChannelsDeadLetterTopic() {
        final ChannelSettings prices = settings("prices", Map.of("kafka.channels.prices.topics", "eu, us,asia"));

        assertThat(prices.subscription()).isEqualTo(new Subscription.Topics(List.of("eu", "us", "asia")));
        assertThat(prices.deadLetterTopic()).isEqualTo("prices.dlt");
        assertThat(prices.subscription().single()).isEmpty();
    }

    @Test
    void oneTopicKeepsItsOwnDeadLetterTopicAndIsSentTo() {
        final ChannelSettings orders = settings("orders", Map.of("kafka.channels.orders.topic", "shop.orders"));

        assertThat(orders.topic()).isEqualTo("shop.orders");
        assertThat(orders.deadLetterTopic()).isEqualTo("shop.orders.dlt");
        assertThat(settings("orders", Map.of()).topic()).isEqualTo("orders");
    }

    @Test
    void aPatternMatchesWholeTopicNames() {
        final ChannelSettings quotes = settings(
                "quotes",
                Map.of("kafka.channels.quotes.topic", "quotes\\..+", "kafka.channels.quotes.pattern", "true"));

        assertThat(quotes.subscription().describe()).isEqualTo("pattern quotes\\..+");
        assertThat(quotes.subscription().consumes("quotes.eu")).isTrue();
        assertThat(quotes.subscription().consumes("old.quotes.eu")).isFalse();
        assertThat(quotes.subscription().consumes("quotes")).isFalse();
        assertThat(quotes.deadLetterTopic()).isEqualTo("quotes.dlt");
    }

    @Test
    void eachUnusableTopicSettingIsRefusedNamingItsKey() {
        final List<SettingProblem> problems = ChannelSettings.problems(configuration(Map.of(
                "kafka.channels.a.topic", "a",
                "kafka.channels.a.topics", "b,c",
                "kafka.channels.b.topics", "b,b",
                "kafka.channels.c.topic", "(",
                "kafka.channels.c.pattern", "true",
                "kafka.channels.d.pattern", "true",
                "kafka.channels.e.topic", "e.*",
                "kafka.channels.e.pattern", "true")));

        assertThat(problems)
                .extracting(SettingProblem::key)
                .containsExactlyInAnyOrder(
                        "kafka.channels.a.topics",
                        "kafka.channels.b.topics",
                        "kafka.channels.c.topic",
                        "kafka.channels.d.pattern",
                        "kafka.channels.e.dead-letter-topic");
        assertThat(problems)
                .filteredOn(problem -> problem.key().equals("kafka.channels.c.topic"))
                .singleElement()
                .satisfies(problem -> assertThat(problem.expected()).endsWith("Unclosed group at index 1"));
    }

    @Test
    void aChannelSentToTakesOneTopic() {
        final KafkaConfiguration configuration = configuration(Map.of(
                "kafka.channels.a.topics", "a1,a2",
                "kafka.channels.b.topic", "b.*",
                "kafka.channels.b.pattern", "true",
                "kafka.channels.c.topics", "c1"));

        assertThat(ChannelSettings.sentProblems(configuration, List.of("a", "b", "c", "d")))
                .extracting(SettingProblem::key)
                .containsExactly("kafka.channels.a.topics", "kafka.channels.b.pattern");
    }
}
