package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.kafka.guide.BoundedSender;
import org.jzenith.kafka.guide.QuoteStreams;
import org.jzenith.messaging.emitter.EmitterOverflowException;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * Stream processors and {@code @OnOverflow} emitters of a service written as the SmallRye and Quarkus
 * guides write it ({@link QuoteStreams}, {@link BoundedSender}), against a real broker: every result
 * arrives and each record is committed once its results were, a stream that fails stops its channel with
 * the health check naming the method, and an emitter never has more unconfirmed sends than its bound.
 */
class StreamProcessorIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> CHANNELS = List.of(
            "price-requests",
            "prices",
            "quote-requests",
            "quotes",
            "pairs-in",
            "pairs",
            "failing-in",
            "failing-out",
            "failing-ticks",
            "buffered-ticks",
            "dropped-ticks");

    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final Map<String, String> topic = new LinkedHashMap<>();
    private final String group = Topics.unique("streams");
    private final List<JZenith> apps = new ArrayList<>();

    @BeforeEach
    void topics() throws Exception {
        CHANNELS.forEach(channel -> topic.put(channel, Topics.unique(channel)));
        for (final String channel : CHANNELS) {
            topics.create(topic.get(channel), 1);
        }
    }

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    private JZenith start() {
        JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(QuoteStreams.class)
                        .withEmitter("failing-ticks", String.class)
                        .withEmitter("buffered-ticks", String.class)
                        .withEmitter("dropped-ticks", String.class))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group);
        for (final String channel : CHANNELS) {
            app = app.withConfiguration("kafka.channels." + channel + ".topic", topic.get(channel));
        }
        apps.add(app);
        return app.start();
    }

    private List<String> values(final String channel, final int count) {
        return topics.read(topic.get(channel), count, WAIT).stream()
                .map(ConsumerRecord::value)
                .toList();
    }

    private void awaitCommitted(final String channel, final long offset) {
        Await.until(
                WAIT,
                "channel " + channel + " committed up to " + offset,
                () -> topics.committed(group, topic.get(channel), 0).orElse(0L) == offset);
    }

    @Test
    void aMultiAMessageStreamAndAFlowableSendEveryResultAndCommitEachRecordAfterIt() throws Exception {
        start();
        for (final String request : List.of("a", QuoteStreams.IGNORED, "b")) {
            topics.send(topic.get("price-requests"), null, request);
        }
        topics.send(topic.get("quote-requests"), null, "ada");
        topics.send(topic.get("pairs-in"), null, "eur");

        assertThat(values("prices", 2)).containsExactly("A", "B");
        assertThat(values("quotes", 1)).containsExactly("{\"id\":\"ada\",\"price\":3}");
        assertThat(values("pairs", 2)).containsExactly("eur-bid", "eur-ask");
        awaitCommitted("price-requests", 3);
        awaitCommitted("quote-requests", 1);
        awaitCommitted("pairs-in", 1);
        assertThat(topics.read(topic.get("prices"), 3, Duration.ofSeconds(2)))
                .as("the ignored request sent nothing")
                .hasSize(2);
    }

    @Test
    void stoppingMidStreamCommitsOnlyRecordsWhoseResultsWereSentAndTheRestartSendsTheOthers() throws Exception {
        final int count = 20_000;
        topics.sendMany(topic.get("price-requests"), 0, count, i -> null, i -> "r" + i);
        final JZenith first = start();
        Await.until(WAIT, "the first results", () -> !topics.read(topic.get("prices"), 1, Duration.ofSeconds(1))
                .isEmpty());
        first.stop();
        apps.remove(first);

        final long committed =
                topics.committed(group, topic.get("price-requests"), 0).orElse(0L);
        final java.util.Set<String> sent =
                new java.util.HashSet<>(topics.read(topic.get("prices"), count, Duration.ofSeconds(5)).stream()
                        .map(ConsumerRecord::value)
                        .toList());
        for (long offset = 0; offset < committed; offset++) {
            assertThat(sent).as("the result of committed record " + offset).contains("R" + offset);
        }

        start();
        Await.until(
                WAIT,
                "every record's result, after the restart",
                () -> new java.util.HashSet<>(
                                        topics.read(topic.get("prices"), 2 * count, Duration.ofSeconds(2)).stream()
                                                .map(ConsumerRecord::value)
                                                .toList())
                                .size()
                        == count);
        awaitCommitted("price-requests", count);
    }

    @Test
    void aStreamThatFailsStopsItsChannelAndTheHealthCheckNamesTheMethod() throws Exception {
        final JZenith app = start();
        topics.send(topic.get("failing-in"), null, "fine");
        topics.send(topic.get("failing-in"), null, QuoteStreams.POISON);
        final KafkaHealthCheck health = app.instance(KafkaHealthCheck.class);

        Await.until(WAIT, "the health check is DOWN", () -> result(health).status() == HealthStatus.DOWN);
        assertThat(result(health).reason()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("channel 'failing-in' stopped: the stream of QuoteStreams.failing failed")
                .contains("cannot price poison"));
        assertThat(values("failing-out", 1)).containsExactly("fine");
        awaitCommitted("failing-in", 1);
        assertThat(topics.committed(group, topic.get("failing-in"), 0))
                .as("the record the stream failed on is not committed: it comes again after a restart")
                .contains(1L);
    }

    @Test
    void anOnOverflowEmitterHasNoMoreUnconfirmedSendsThanItsBoundAndCountsWhatItDrops() throws Exception {
        final JZenith app = start();
        final BoundedSender sender = app.instance(BoundedSender.class);

        for (final String channel : List.of("failing-ticks", "buffered-ticks")) {
            final List<CompletableFuture<Void>> accepted = new ArrayList<>();
            final List<EmitterOverflowException> refused = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                try {
                    accepted.add((channel.equals("failing-ticks")
                                    ? sender.sendFailing("t" + i)
                                    : sender.sendBuffered("t" + i))
                            .toCompletableFuture());
                } catch (final EmitterOverflowException e) {
                    refused.add(e);
                }
            }
            assertThat(refused)
                    .as(channel + ": sent in a loop, faster than the broker confirms")
                    .isNotEmpty();
            assertThat(refused.getFirst())
                    .hasMessageStartingWith("refused a send to channel '" + channel + "': " + BoundedSender.BOUND
                            + " sends are waiting for the broker's confirmation");
            CompletableFuture.allOf(accepted.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            assertThat(topics.read(topic.get(channel), 200, Duration.ofSeconds(5)))
                    .as(channel + ": every accepted send arrived, no refused one")
                    .hasSize(accepted.size());
        }
        final List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            sends.add(sender.sendDropping("t" + i).toCompletableFuture());
        }
        final List<CompletableFuture<Void>> dropped = new ArrayList<>();
        for (final CompletableFuture<Void> send : sends) {
            try {
                send.get(60, TimeUnit.SECONDS);
            } catch (final java.util.concurrent.ExecutionException e) {
                assertThat(e.getCause())
                        .isInstanceOf(EmitterOverflowException.class)
                        .hasMessageStartingWith("dropped a message of channel 'dropped-ticks'");
                dropped.add(send);
            }
        }
        assertThat(dropped).as("dropped past the bound").isNotEmpty();
        assertThat(app.instance(io.micrometer.core.instrument.MeterRegistry.class)
                        .get("messaging_emitter_dropped_total")
                        .tag("channel", "dropped-ticks")
                        .counter()
                        .count())
                .isEqualTo(dropped.size());
        assertThat(topics.read(topic.get("dropped-ticks"), 200, Duration.ofSeconds(5)))
                .as("every send that was not dropped arrived")
                .hasSize(200 - dropped.size());
        assertThat(sender.sendFailing("after").toCompletableFuture().get(60, TimeUnit.SECONDS))
                .as("the emitter takes sends again once the broker confirmed")
                .isNull();
    }

    private static HealthResult result(final KafkaHealthCheck health) {
        return health.check()
                .toCompletionStage()
                .toCompletableFuture()
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }
}
