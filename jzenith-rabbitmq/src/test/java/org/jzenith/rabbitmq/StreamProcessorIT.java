package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.GetResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;

/**
 * Stream processors of a service written as the SmallRye guide writes them ({@link QuoteStreams}, the
 * same methods Kafka's tests run) against the machine's RabbitMQ: every result arrives and each delivery
 * is acked only once its results were confirmed; a stream that fails stops its channel with the health
 * check naming the method, and the delivery it failed on is never acked, so it comes again.
 */
class StreamProcessorIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> CHANNELS = List.of(
            "price-requests", "prices", "quote-requests", "quotes", "pairs-in", "pairs", "failing-in", "failing-out");

    private final Broker broker = new Broker();
    private final Map<String, String> queue = new LinkedHashMap<>();
    private final List<JZenith> apps = new ArrayList<>();

    StreamProcessorIT() {
        CHANNELS.forEach(channel -> queue.put(channel, broker.unique(channel)));
    }

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        broker.close();
    }

    private JZenith start() {
        JZenith app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(QuoteStreams.class))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                // the delivery a failed stream holds is waited for that long when the application stops
                .withConfiguration("rabbitmq.drain-timeout", "1s");
        for (final String channel : CHANNELS) {
            app = app.withConfiguration("rabbitmq.channels." + channel + ".exchange", queue.get(channel))
                    .withConfiguration("rabbitmq.channels." + channel + ".queue", queue.get(channel));
        }
        app = app.start();
        apps.add(app);
        return app;
    }

    private void publish(final String channel, final String body) {
        broker.publish(queue.get(channel), "", body.getBytes(StandardCharsets.UTF_8));
    }

    private void publishAll(final String channel, final List<String> bodies) {
        broker.publishAll(
                queue.get(channel),
                "",
                bodies.stream()
                        .map(body -> body.getBytes(StandardCharsets.UTF_8))
                        .toList());
    }

    /** The next {@code count} messages of {@code channel}'s queue, taken off it, waiting for each. */
    private List<String> take(final String channel, final int count) {
        final List<String> taken = new ArrayList<>();
        Await.until(WAIT, count + " messages in " + channel, () -> {
            broker.take(queue.get(channel)).ifPresent(response -> taken.add(text(response)));
            return taken.size() >= count;
        });
        return taken;
    }

    private static String text(final GetResponse response) {
        return new String(response.getBody(), StandardCharsets.UTF_8);
    }

    /**
     * Stops {@code app} and checks that the queues of {@code channels} are empty: closing its channels gives
     * back what it had not acked (before {@code stop} returns), so an empty queue means every delivery was.
     */
    private void stopAndAssertAllAcked(final JZenith app, final String... channels) {
        app.stop();
        apps.remove(app);
        for (final String channel : channels) {
            assertThat(broker.ready(queue.get(channel)))
                    .as("deliveries of " + channel + " not acked, given back when the application stopped")
                    .isZero();
        }
    }

    @Test
    void aMultiAMessageStreamAndAFlowableSendEveryResultAndAckEachDeliveryAfterIt() {
        final JZenith app = start();
        for (final String request : List.of("a", QuoteStreams.IGNORED, "b")) {
            publish("price-requests", request);
        }
        publish("quote-requests", "ada");
        publish("pairs-in", "eur");
        publish("pairs-in", "usd");

        assertThat(take("prices", 2)).containsExactly("A", "B");
        assertThat(take("quotes", 1)).containsExactly("ada:3");
        assertThat(take("pairs", 4)).containsExactly("eur-bid", "eur-ask", "usd-bid", "usd-ask");
        stopAndAssertAllAcked(app, "price-requests", "quote-requests", "pairs-in");
        assertThat(broker.ready(queue.get("prices")))
                .as("the ignored request sent nothing")
                .isZero();
        assertThat(broker.ready(queue.get("pairs"))).isZero();
    }

    @Test
    void stoppingMidStreamAcksOnlyDeliveriesWhoseResultsWereSentAndTheRestartSendsTheOthers() {
        final int count = 5_000;
        final JZenith declaring = start(); // declares the queues, which keep the requests while none runs
        declaring.stop();
        apps.remove(declaring);
        publishAll(
                "price-requests",
                java.util.stream.IntStream.range(0, count)
                        .mapToObj(i -> "r" + i)
                        .toList());
        final JZenith first = start();
        Await.until(WAIT, "the first results", () -> broker.ready(queue.get("prices")) > 0);
        first.stop();
        apps.remove(first);

        // Every request that left the queue (acked) has its result; the others are back in it.
        final Set<String> sent = new HashSet<>(drain("prices"));
        final Set<String> left = new HashSet<>(drain("price-requests"));
        assertThat(left).as("stopped mid-stream: some requests were not done").isNotEmpty();
        for (int i = 0; i < count; i++) {
            final String request = "r" + i;
            if (!left.contains(request)) {
                assertThat(sent).as("the result of acked request " + request).contains(request.toUpperCase());
            }
        }

        publishAll("price-requests", List.copyOf(left));
        final JZenith second = start();
        Await.until(WAIT, "every request left done after the restart", () -> {
            sent.addAll(drain("prices"));
            return sent.size() == count;
        });
        stopAndAssertAllAcked(second, "price-requests");
    }

    @Test
    void aStreamThatFailsStopsItsChannelTheHealthCheckNamesTheMethodAndItsDeliveryComesAgain() {
        final JZenith app = start();
        publish("failing-in", "fine");
        publish("failing-in", QuoteStreams.POISON);
        final RabbitMqHealthCheck health = app.instance(RabbitMqHealthCheck.class);

        Await.until(WAIT, "the health check is DOWN", () -> result(health).status() == HealthStatus.DOWN);
        assertThat(result(health).reason()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("channel 'failing-in' stopped: the stream of QuoteStreams.failing failed")
                .contains("cannot price poison"));
        assertThat(take("failing-out", 1)).containsExactly("fine");
        assertThat(broker.ready(queue.get("failing-in")))
                .as("the poison delivery is held unacknowledged while the application runs")
                .isZero();

        app.stop();
        apps.remove(app);
        Await.until(WAIT, "the poison delivery back in its queue", () -> broker.ready(queue.get("failing-in")) == 1);
        final GetResponse again = broker.take(queue.get("failing-in")).orElseThrow();
        assertThat(text(again)).as("only the poison delivery was not acked").isEqualTo(QuoteStreams.POISON);
        assertThat(again.getEnvelope().isRedeliver()).isTrue();
    }

    @Test
    void theDeliveryAFailedStreamHeldIsDeliveredToTheRestartedApplication() {
        final JZenith app = start();
        publish("failing-in", QuoteStreams.POISON);
        final RabbitMqHealthCheck health = app.instance(RabbitMqHealthCheck.class);
        Await.until(WAIT, "the health check is DOWN", () -> result(health).status() == HealthStatus.DOWN);
        app.stop();
        apps.remove(app);

        final JZenith restarted = start();
        final RabbitMqHealthCheck again = restarted.instance(RabbitMqHealthCheck.class);
        Await.until(
                WAIT,
                "the restarted application got the poison delivery again and its stream failed on it",
                () -> result(again).status() == HealthStatus.DOWN);
        assertThat(result(again).reason())
                .hasValueSatisfying(reason -> assertThat(reason).contains("the stream of QuoteStreams.failing failed"));
    }

    private List<String> drain(final String channel) {
        return broker.takeAll(queue.get(channel)).stream()
                .map(StreamProcessorIT::text)
                .toList();
    }

    private static HealthResult result(final RabbitMqHealthCheck health) {
        return health.check()
                .toCompletionStage()
                .toCompletableFuture()
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }
}
