package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.rabbitmq.client.GetResponse;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * The plugin against the machine's RabbitMQ: each test's channels use exchanges and queues no other
 * test uses, deleted afterwards.
 */
class RabbitMqPluginIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Broker broker = new Broker();
    private final Inbox inbox = new Inbox();
    private final String orders = broker.unique("orders");
    private final String words = broker.unique("words");
    private final String upper = broker.unique("upper");
    private final String nowhere = broker.unique("nowhere");
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        broker.close();
    }

    private JZenith start(final Map<String, Object> settings) {
        JZenith app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class)
                        .withEmitter("orders", Order.class)
                        .withEmitter("nowhere", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                .withConfiguration("rabbitmq.retries", 2)
                .withConfiguration("rabbitmq.backoff", "10ms")
                .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                .withConfiguration("rabbitmq.channels.orders.queue", orders)
                .withConfiguration("rabbitmq.channels.words.exchange", words)
                .withConfiguration("rabbitmq.channels.words.queue", words)
                .withConfiguration("rabbitmq.channels.upper.exchange", upper)
                .withConfiguration("rabbitmq.channels.upper.queue", upper)
                .withConfiguration("rabbitmq.channels.nowhere.exchange", nowhere);
        for (final Map.Entry<String, Object> setting : settings.entrySet()) {
            app = app.withConfiguration(setting.getKey(), setting.getValue());
        }
        apps.add(app);
        return app.start();
    }

    private static Emitter<Order> emitter(final JZenith app, final String channel) {
        return app.injector().getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral(channel)));
    }

    private static double counted(final JZenith app, final String name, final String channel, final String outcome) {
        return app.injector()
                .getInstance(MeterRegistry.class)
                .get(name)
                .tags("channel", channel, "outcome", outcome)
                .counter()
                .count();
    }

    private static HealthResult health(final JZenith app) {
        return Await.result(
                app.injector().getInstance(RabbitMqHealthCheck.class).check());
    }

    @Test
    void anOrderSentIsConsumedOnAVirtualThreadAndCounted() throws Exception {
        final JZenith app = start(Map.of());

        emitter(app, "orders").send(Order.of("o-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the order consumed", () -> inbox.orders.size() == 1);
        assertThat(inbox.orders).containsExactly(Order.of("o-1"));
        assertThat(inbox.virtual).containsOnly(true);
        Await.until(
                WAIT,
                "the order counted",
                () -> counted(app, "rabbitmq_consumer_messages_total", "orders", "processed") == 1.0);
        assertThat(counted(app, "rabbitmq_producer_messages_total", "orders", "sent"))
                .isEqualTo(1.0);
        assertThat(health(app).isUp()).isTrue();
        Await.until(WAIT, "the delivery acknowledged", () -> broker.ready(orders) == 0);
    }

    @Test
    void theMessagesOfAQueueAreProcessedInTheOrderTheyWereSent() {
        final JZenith app = start(Map.of("rabbitmq.prefetch", 50));
        final Emitter<Order> emitter = emitter(app, "orders");

        final List<CompletableFuture<Void>> sent = IntStream.range(0, 300)
                .mapToObj(i -> emitter.send(Order.of("o-" + i)).toCompletableFuture())
                .toList();
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();

        Await.until(WAIT, "all 300 consumed", () -> inbox.orders.size() == 300);
        assertThat(inbox.orders.stream().map(Order::id).toList())
                .isEqualTo(IntStream.range(0, 300).mapToObj(i -> "o-" + i).toList());
    }

    @Test
    void aMessageThatKeepsFailingIsTriedAgainThenDeadLetteredWithItsStory() throws Exception {
        final JZenith app = start(Map.of());

        emitter(app, "orders").send(Order.of("fail-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter(app, "orders").send(Order.of("o-2")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the next order consumed", () -> inbox.orders.size() == 1);
        assertThat(inbox.attempts).containsExactly("fail-1", "fail-1", "fail-1", "o-2");
        final GetResponse dead = awaitTaken(orders + ".dlq");
        assertThat(new String(dead.getBody(), StandardCharsets.UTF_8)).contains("\"id\":\"fail-1\"");
        final Map<String, Object> headers = dead.getProps().getHeaders();
        assertThat(text(headers, "jzenith-dlt-queue")).isEqualTo(orders);
        assertThat(text(headers, "jzenith-dlt-exchange")).isEqualTo(orders);
        assertThat(text(headers, "jzenith-dlt-routing-key")).isEqualTo("c");
        assertThat(text(headers, "jzenith-dlt-exception-type")).isEqualTo("java.lang.IllegalStateException");
        assertThat(text(headers, "jzenith-dlt-exception-message")).isEqualTo("the warehouse is closed");
        assertThat(text(headers, "jzenith-dlt-attempts")).isEqualTo("3");
        assertThat(counted(app, "rabbitmq_consumer_messages_total", "orders", "dead_lettered"))
                .isEqualTo(1.0);
        Await.until(WAIT, "the queue empty", () -> broker.ready(orders) == 0);
    }

    @Test
    void underFailureStrategyFailTheChannelStopsGivesTheMessagesBackAndTheHealthCheckNamesIt() throws Exception {
        final JZenith app = start(Map.of("rabbitmq.channels.orders.failure-strategy", "fail"));
        final RabbitMqHealthCheck health = app.injector().getInstance(RabbitMqHealthCheck.class);

        emitter(app, "orders").send(Order.of("fail-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter(app, "orders").send(Order.of("o-2")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the health check DOWN", () -> !Await.result(health.check())
                .isUp());
        assertThat(Await.result(health.check()).reason())
                .hasValueSatisfying(reason -> assertThat(reason).contains("orders"));
        assertThat(inbox.orders).isEmpty();
        app.stop();
        apps.remove(app);
        Await.until(WAIT, "both messages back in the queue", () -> broker.ready(orders) == 2);
        // a message given back goes back to the queue, not necessarily where it was
        assertThat(List.of(body(broker.take(orders)), body(broker.take(orders))))
                .anySatisfy(body -> assertThat(body).contains("fail-1"))
                .anySatisfy(body -> assertThat(body).contains("o-2"));
    }

    @Test
    void underFailureStrategyIgnoreAFailedMessageIsAcknowledgedAndCounted() throws Exception {
        final JZenith app = start(Map.of("rabbitmq.failure-strategy", "ignore"));

        emitter(app, "orders").send(Order.of("fail-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter(app, "orders").send(Order.of("o-2")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the next order consumed", () -> inbox.orders.size() == 1);
        Await.until(
                WAIT,
                "the failed one counted",
                () -> counted(app, "rabbitmq_consumer_messages_total", "orders", "ignored") == 1.0);
        Await.until(WAIT, "the queue empty", () -> broker.ready(orders) == 0);
        assertThat(broker.ready(orders + ".dlq")).isZero();
    }

    @Test
    void aPoisonMessageIsDeadLetteredAtOnceWhileTheQueueGoesOn() {
        start(Map.of());

        broker.publish(orders, "c", "{not json".getBytes(StandardCharsets.UTF_8));
        broker.publish(orders, "c", "{\"id\":\"o-after\",\"quantity\":1}".getBytes(StandardCharsets.UTF_8));

        Await.until(WAIT, "the order after the poison consumed", () -> inbox.orders.size() == 1);
        assertThat(inbox.orders.getFirst().id()).isEqualTo("o-after");
        assertThat(inbox.attempts).containsExactly("o-after");
        final GetResponse dead = awaitTaken(orders + ".dlq");
        assertThat(new String(dead.getBody(), StandardCharsets.UTF_8)).isEqualTo("{not json");
        assertThat(text(dead.getProps().getHeaders(), "jzenith-dlt-attempts")).isEqualTo("0");
        assertThat(text(dead.getProps().getHeaders(), "jzenith-dlt-exception-type"))
                .isEqualTo("org.jzenith.messaging.spi.PayloadException");
    }

    @Test
    void aSendNoQueueTakesFailsTheCallersStage() {
        final JZenith app = start(Map.of());

        final CompletableFuture<Void> sent =
                emitter(app, "nowhere").send(Order.of("o-lost")).toCompletableFuture();

        assertThat(sent)
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableThat()
                .havingRootCause()
                .isInstanceOf(UnroutableException.class)
                .withMessageContaining("312 NO_ROUTE")
                .withMessageContaining(nowhere);
        assertThat(counted(app, "rabbitmq_producer_messages_total", "nowhere", "failed"))
                .isEqualTo(1.0);
        // the channel goes on: the next send to a bound queue is confirmed
        assertThat(emitter(app, "orders").send(Order.of("o-next")).toCompletableFuture())
                .succeedsWithin(Duration.ofSeconds(10));
    }

    @Test
    void aProcessorsResultsGoThroughRabbitMqToTheirConsumer() {
        start(Map.of());

        broker.publish(words, words, "hello".getBytes(StandardCharsets.UTF_8));
        broker.publish(words, words, "world".getBytes(StandardCharsets.UTF_8));

        Await.until(WAIT, "both words uppered", () -> inbox.upper.size() == 2);
        assertThat(inbox.upper).containsExactly("HELLO", "WORLD");
        Await.until(WAIT, "the words acknowledged", () -> broker.ready(words) == 0);
    }

    @Test
    void aSlowConsumerHoldsNoMoreThanThePrefetchWhileTheQueueGrows() {
        final JZenith app = start(Map.of("rabbitmq.channels.orders.prefetch", 10));
        final Emitter<Order> emitter = emitter(app, "orders");
        emitter.send(Order.of("slow-1")).toCompletableFuture().join();
        final List<CompletableFuture<Void>> sent = IntStream.range(0, 500)
                .mapToObj(i -> emitter.send(Order.of("o-" + i)).toCompletableFuture())
                .toList();
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();

        // slow-1 in its method, 9 more delivered and waiting in the client, the rest stays with the broker
        Await.until(WAIT, "the broker holding what the prefetch keeps back", () -> broker.ready(orders) == 491);
        assertThat(inbox.orders).isEmpty();

        inbox.release.countDown();
        Await.until(WAIT, "all 501 consumed", () -> inbox.orders.size() == 501);
        assertThat(broker.ready(orders)).isZero();
    }

    @Test
    void aSlowMethodHoldsBackOnlyItsOwnChannelWhileTheOthersGoOn() throws Exception {
        final JZenith app = start(Map.of());
        emitter(app, "orders").send(Order.of("slow-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter(app, "orders").send(Order.of("o-2")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(inbox.slow.await(30, TimeUnit.SECONDS)).isTrue();

        // the words channel's deliveries are dispatched on threads of their own, not behind slow-1
        for (final String word : List.of("one", "two", "three")) {
            broker.publish(words, words, word.getBytes(StandardCharsets.UTF_8));
        }
        Await.until(WAIT, "the words upper-cased while slow-1 runs", () -> inbox.upper.size() == 3);
        assertThat(inbox.upper).containsExactly("ONE", "TWO", "THREE");
        assertThat(inbox.orders)
                .as("o-2 waits behind slow-1, in its queue's order")
                .isEmpty();

        inbox.release.countDown();
        Await.until(WAIT, "the orders consumed in order", () -> inbox.orders.size() == 2);
        assertThat(inbox.orders).containsExactly(Order.of("slow-1"), Order.of("o-2"));
    }

    @Test
    void stoppingFinishesTheMessageInFlightAcknowledgesItAndGivesBackTheRest() throws Exception {
        final JZenith app = start(Map.of());
        final RabbitMqHealthCheck health = app.injector().getInstance(RabbitMqHealthCheck.class);
        final Emitter<Order> emitter = emitter(app, "orders");
        emitter.send(Order.of("slow-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter.send(Order.of("o-2")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter.send(Order.of("o-3")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(inbox.slow.await(30, TimeUnit.SECONDS)).isTrue();

        final QueueConsumer consumer =
                app.injector().getInstance(RabbitMqClient.class).consumers().getFirst();
        final CompletableFuture<Void> stopped = CompletableFuture.runAsync(app::stop);
        apps.remove(app);
        Await.until(WAIT, "the channel stopping", consumer::stopping);
        inbox.release.countDown();
        stopped.get(30, TimeUnit.SECONDS);

        assertThat(inbox.orders).containsExactly(Order.of("slow-1"));
        assertThat(Await.result(health.check()).isUp()).isFalse();
        // slow-1 was acknowledged; the two prefetched were given back
        assertThat(broker.ready(orders)).isEqualTo(2);
        assertThat(List.of(body(broker.take(orders)), body(broker.take(orders))))
                .anySatisfy(body -> assertThat(body).contains("o-2"))
                .anySatisfy(body -> assertThat(body).contains("o-3"));
    }

    private GetResponse awaitTaken(final String queue) {
        final GetResponse[] taken = new GetResponse[1];
        Await.until(WAIT, "a message in " + queue, () -> {
            taken[0] = broker.take(queue).orElse(null);
            return taken[0] != null;
        });
        return taken[0];
    }

    private static String body(final java.util.Optional<GetResponse> taken) {
        return new String(taken.orElseThrow().getBody(), StandardCharsets.UTF_8);
    }

    private static String text(final Map<String, Object> headers, final String name) {
        return new String(RabbitMqInbound.bytes(headers.get(name)), StandardCharsets.UTF_8);
    }
}
