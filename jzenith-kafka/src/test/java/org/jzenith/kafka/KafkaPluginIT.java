package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.messaging.spi.PayloadException;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * The plugin against a real broker of the test's own (three partitions per topic): each test starts
 * an application whose channels read topics no other test uses.
 */
class KafkaPluginIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(3);

    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Inbox inbox = new Inbox();
    private final String orders = Topics.unique("orders");
    private final String texts = Topics.unique("texts");
    private final String group = Topics.unique("group");
    private final String keyed = Topics.unique("keyed");
    private final List<JZenith> apps = new ArrayList<>();
    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private KafkaPlugin plugin;

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    private JZenith start(final Map<String, Object> settings) {
        plugin = KafkaPlugin.withConsumers(TestConsumers.class)
                .withEmitter("orders", Order.class)
                .withEmitter("keyed", KeyedOrder.class);
        JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.texts.topic", texts)
                .withConfiguration("kafka.channels.keyed.topic", keyed)
                .withConfiguration("kafka.retries", 2)
                .withConfiguration("kafka.backoff", "10ms");
        for (final Map.Entry<String, Object> setting : settings.entrySet()) {
            app = app.withConfiguration(setting.getKey(), setting.getValue());
        }
        apps.add(app);
        return app.start();
    }

    private static Emitter<Order> emitter(final JZenith app) {
        return app.injector().getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
    }

    @Test
    void anOrderSentThroughTheEmitterIsAcknowledgedAndConsumedAsJson() throws Exception {
        final JZenith app = start(Map.of());

        emitter(app).send(new Order("o-1", 2)).toCompletableFuture().get(30, TimeUnit.SECONDS);

        Await.until(WAIT, "the order arrives", () -> !inbox.orders.isEmpty());
        assertThat(inbox.orders).containsExactly(new Order("o-1", 2));
        assertThat(inbox.virtual).containsExactly(true);
        assertThat(topics.read(orders, 1, WAIT).getFirst().value()).isEqualTo("{\"id\":\"o-1\",\"quantity\":2}");
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        assertThat(registry.get("kafka_producer_records_total")
                        .tags("channel", "orders", "outcome", "sent")
                        .counter()
                        .count())
                .isEqualTo(1.0);
        Await.until(
                WAIT,
                "the processed order is counted",
                () -> registry.get("kafka_consumer_records_total")
                                .tags("channel", "orders", "outcome", "processed")
                                .counter()
                                .count()
                        == 1.0);
        assertThat(registry.get("kafka_consumer_lag").tags("channel", "orders").gauges())
                .isNotEmpty();
    }

    @Test
    void aKeyedPayloadIsSentWithItsKey() throws Exception {
        final JZenith app = start(Map.of());
        final Emitter<KeyedOrder> emitter = app.injector()
                .getInstance(Key.get(new TypeLiteral<Emitter<KeyedOrder>>() {}, new ChannelLiteral("keyed")));

        emitter.send(new KeyedOrder("o-7", 1)).toCompletableFuture().get(30, TimeUnit.SECONDS);
        emitter.send(new KeyedOrder(null, 2)).toCompletableFuture().get(30, TimeUnit.SECONDS);

        final List<ConsumerRecord<String, String>> sent = topics.read(keyed, 2, WAIT);
        assertThat(sent).extracting(ConsumerRecord::key).containsExactlyInAnyOrder("o-7", null);
        assertThat(sent)
                .extracting(ConsumerRecord::value)
                .containsExactlyInAnyOrder("{\"id\":\"o-7\",\"quantity\":1}", "{\"id\":null,\"quantity\":2}");
    }

    @Test
    void anEmitterSendsFromTheEventLoopWithoutBlockingIt() throws Exception {
        final JZenith app = start(Map.of());
        final Emitter<Order> emitter = emitter(app);
        final CompletableFuture<Void> sent = new CompletableFuture<>();

        app.instance(Vertx.class)
                .runOnContext(ignored -> emitter.send(new Order("o-loop", 1)).whenComplete((done, failure) -> {
                    if (failure == null) {
                        sent.complete(null);
                    } else {
                        sent.completeExceptionally(failure);
                    }
                }));

        sent.get(30, TimeUnit.SECONDS);
        Await.until(WAIT, "the order arrives", () -> inbox.orders.contains(new Order("o-loop", 1)));
    }

    @Test
    void methodsReturningAVertxFutureOrAnRxSingleAndMethodsTakingBytesAreDone() throws Exception {
        final String futures = Topics.unique("futures");
        final String singles = Topics.unique("singles");
        final String bytes = Topics.unique("bytes");
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(AsyncConsumers.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.futures.topic", futures)
                .withConfiguration("kafka.channels.singles.topic", singles)
                .withConfiguration("kafka.channels.bytes.topic", bytes);
        apps.add(app);
        app.start();
        topics.send(futures, "k", "f");
        topics.send(singles, "k", "s");
        topics.send(bytes, "k", "b");

        Await.until(WAIT, "all three are done", () -> inbox.values.size() == 3);
        assertThat(inbox.values).containsExactlyInAnyOrder("future:f", "single:s", "bytes:b");
        Await.until(
                WAIT,
                "the future's offset is committed",
                () -> topics.committed(group, futures, 0).isPresent()
                        || topics.committed(group, futures, 1).isPresent()
                        || topics.committed(group, futures, 2).isPresent());
    }

    @Test
    void partitionsGivenUpInARebalanceHaveTheirDoneRecordsCommittedFirst() throws Exception {
        final Executor later = CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS);
        inbox.answer = record -> CompletableFuture.runAsync(() -> {}, later);
        start(Map.of());
        for (int i = 0; i < 60; i++) {
            topics.send(texts, "k" + (i % 6), "t" + i);
        }
        Await.until(WAIT, "the first application has done some", () -> inbox.texts.size() >= 3);

        final Inbox second = new Inbox();
        second.answer = inbox.answer;
        final JZenith other = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(second))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.texts.topic", texts);
        apps.add(other);
        other.start();

        Await.until(
                WAIT,
                "every text is done",
                () -> java.util.stream.Stream.concat(inbox.texts.stream(), second.texts.stream())
                                .map(ConsumerRecord::value)
                                .distinct()
                                .count()
                        == 60);
        // Done once each: the first committed what it had done before it gave its partitions up.
        assertThat(java.util.stream.Stream.concat(inbox.texts.stream(), second.texts.stream())
                        .map(ConsumerRecord::value))
                .doesNotHaveDuplicates();
    }

    @Test
    void recordsOfOnePartitionAreDoneInOrderWhilePartitionsRunSideBySide() throws Exception {
        final Executor later = CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS);
        inbox.answer = record -> CompletableFuture.runAsync(() -> {}, later);
        start(Map.of());
        final List<String> keys = List.of("a", "b", "c", "d");
        for (int i = 0; i < 25; i++) {
            for (final String key : keys) {
                topics.send(texts, key, key + i);
            }
        }

        Await.until(WAIT, "every text is done", () -> inbox.texts.size() == 100);
        for (final String key : keys) {
            assertThat(inbox.texts(key))
                    .containsExactlyElementsOf(
                            IntStream.range(0, 25).mapToObj(i -> key + i).toList());
        }
        assertThat(inbox.texts.stream().map(ConsumerRecord::partition).distinct())
                .hasSizeGreaterThan(1);
    }

    @Test
    void aRecordThatFailsEveryAttemptIsDeadLetteredWithItsOriginAndItsPartitionGoesOn() throws Exception {
        inbox.answer = record -> record.value().equals("bad")
                ? CompletableFuture.failedFuture(new IllegalStateException("the warehouse is closed"))
                : CompletableFuture.completedFuture(null);
        final JZenith app = start(Map.of());
        topics.send(texts, "k", "bad");
        topics.send(texts, "k", "good");

        Await.until(WAIT, "the good text is done", () -> inbox.texts("k").contains("good"));
        assertThat(inbox.attempts.stream().filter("bad"::equals)).hasSize(3); // the first and 2 retries
        final ConsumerRecord<String, String> dead =
                topics.read(texts + ".dlt", 1, WAIT).getFirst();
        assertThat(dead.key()).isEqualTo("k");
        assertThat(dead.value()).isEqualTo("bad");
        assertThat(Topics.header(dead, DeadLetters.TOPIC)).contains(texts);
        assertThat(Topics.header(dead, DeadLetters.OFFSET)).contains("0");
        assertThat(Topics.header(dead, DeadLetters.PARTITION)).isPresent();
        assertThat(Topics.header(dead, DeadLetters.EXCEPTION_TYPE)).contains("java.lang.IllegalStateException");
        assertThat(Topics.header(dead, DeadLetters.EXCEPTION_MESSAGE)).contains("the warehouse is closed");
        assertThat(Topics.header(dead, DeadLetters.ATTEMPTS)).contains("3");
        final int partition =
                Integer.parseInt(Topics.header(dead, DeadLetters.PARTITION).orElseThrow());
        Await.until(WAIT, "both offsets are committed", () -> topics.committed(group, texts, partition)
                .orElse(-1L)
                .equals(2L));
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        assertThat(registry.get("kafka_consumer_retries_total")
                        .tags("channel", "texts")
                        .counter()
                        .count())
                .isEqualTo(2.0);
        assertThat(registry.get("kafka_consumer_records_total")
                        .tags("channel", "texts", "outcome", "dead_lettered")
                        .counter()
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void aRecordThatIsNotJsonIsDeadLetteredAtOnceAndThePartitionGoesOn() throws Exception {
        start(Map.of());
        topics.send(orders, "k", "{not json");
        topics.send(orders, "k", "{\"id\":\"o-2\",\"quantity\":1}");

        Await.until(WAIT, "the valid order arrives", () -> !inbox.orders.isEmpty());
        assertThat(inbox.orders).containsExactly(new Order("o-2", 1));
        final ConsumerRecord<String, String> dead =
                topics.read(orders + ".dlt", 1, WAIT).getFirst();
        assertThat(dead.value()).isEqualTo("{not json");
        assertThat(Topics.header(dead, DeadLetters.EXCEPTION_TYPE)).contains(PayloadException.class.getName());
        assertThat(Topics.header(dead, DeadLetters.EXCEPTION_MESSAGE).orElseThrow())
                .contains("not a JSON Order")
                .doesNotContain("{not json");
        assertThat(Topics.header(dead, DeadLetters.ATTEMPTS)).contains("0");
    }

    @Test
    void anOrderThatBreaksItsConstraintsIsDeadLetteredAtOnce() throws Exception {
        start(Map.of());
        topics.send(orders, "k", "{\"id\":\"\",\"quantity\":-1}");
        topics.send(orders, "k", "{\"id\":\"o-3\",\"quantity\":1}");

        Await.until(WAIT, "the valid order arrives", () -> !inbox.orders.isEmpty());
        assertThat(inbox.orders).containsExactly(new Order("o-3", 1));
        final ConsumerRecord<String, String> dead =
                topics.read(orders + ".dlt", 1, WAIT).getFirst();
        assertThat(Topics.header(dead, DeadLetters.EXCEPTION_MESSAGE).orElseThrow())
                .contains("the Order is not valid: id must not be blank, quantity must be greater than or equal to 0");
    }

    @Test
    void fetchingPausesPastMaxInFlightAndResumesBelowIt() throws Exception {
        final CountDownLatch release = new CountDownLatch(1);
        inbox.answer = record -> CompletableFuture.runAsync(() -> {
            try {
                release.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        start(Map.of("kafka.channels.texts.max-in-flight", 5));
        for (int i = 0; i < 60; i++) {
            topics.send(texts, "k" + (i % 6), "t" + i);
        }
        final ChannelConsumer consumer = plugin.consumer("texts").orElseThrow();

        Await.until(WAIT, "the channel pauses", consumer::paused);
        // 5 in flight at most, and one poll's worth (max.poll.records is max-in-flight) past it
        assertThat(consumer.inFlight()).isBetween(5, 10);
        release.countDown();
        Await.until(WAIT, "every text is done", () -> inbox.texts.size() == 60);
        Await.until(WAIT, "the channel resumes", () -> !consumer.paused());
    }

    @Test
    void stoppingWaitsForTheRecordAtHandAndCommitsItOnlyOnceItIsDone() throws Exception {
        final CompletableFuture<Integer> started = new CompletableFuture<>();
        final CountDownLatch release = new CountDownLatch(1);
        inbox.answer = record -> CompletableFuture.runAsync(() -> {
            started.complete(record.partition());
            try {
                release.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        final JZenith app = start(Map.of("kafka.drain-timeout", "30s"));
        topics.send(texts, "k", "slow");
        final int partition = started.get(60, TimeUnit.SECONDS);

        final Thread stopping = Thread.ofVirtual().start(app::stop);
        Await.until(WAIT, "the consumer has stopped fetching", () -> plugin.consumer("texts")
                .isEmpty());
        assertThat(stopping.isAlive()).isTrue();
        assertThat(topics.committed(group, texts, partition)).isEmpty();
        release.countDown();
        assertThat(stopping.join(Duration.ofSeconds(30))).isTrue();

        assertThat(inbox.texts("k")).containsExactly("slow");
        assertThat(topics.committed(group, texts, partition)).contains(1L);
    }
}
