package org.jzenith.messaging.inprocess.guide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.messaging.inprocess.InProcessPlugin;
import org.jzenith.test.Await;

/**
 * The SmallRye and Quarkus guides' in-process channels, with no broker anywhere: a producer, a processor
 * and a sink chained through two channels; an emitter whose send completes when its consumer is done
 * and fails with the consumer's failure; {@code @Broadcast} to two consumers, from a producer method and
 * from an emitter; {@code @Merge} of two producers, and its modes {@code ONE} and {@code CONCAT}; and start-up refusing each channel the guides' rules do not allow, naming the members.
 * The messaging classes carry no jZenith annotation.
 */
class InProcessGuideIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
    }

    private JZenith start(final InProcessPlugin plugin, final String... settings) {
        JZenith app = JZenith.application().withPlugins(plugin);
        for (int i = 0; i < settings.length; i += 2) {
            app = app.withConfiguration(settings[i], settings[i + 1]);
        }
        apps.add(app);
        return app.start();
    }

    @Test
    void aProducerAProcessorAndASinkChainThroughTwoInProcessChannels() {
        final JZenith app =
                start(InProcessPlugin.withConsumers(PriceGenerator.class, PriceConverter.class, PriceSink.class));
        final PriceSink sink = app.instance(PriceSink.class);

        Await.until(WAIT, "five converted prices", () -> sink.prices.size() == 5);
        assertThat(sink.prices)
                .containsExactlyElementsOf(
                        IntStream.rangeClosed(1, 5).mapToObj(usd -> usd * 0.88).toList());
    }

    @Test
    void anEmittersSendCompletesOnlyWhenItsConsumerIsDone() throws Exception {
        final JZenith app =
                start(InProcessPlugin.withConsumers(OrderHandler.class).withEmitter("orders", String.class));
        final OrderHandler handler = app.instance(OrderHandler.class);

        final CompletableFuture<Void> sent =
                app.instance(OrderSender.class).place("slow").toCompletableFuture();
        assertThat(handler.slowStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isTrue();
        assertThat(sent).isNotDone();

        handler.letSlowGo.countDown();
        sent.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(handler.handled).containsExactly("slow");
    }

    @Test
    void aConsumersFailureFailsTheEmittersSendWithIt() {
        final JZenith app = start(
                InProcessPlugin.withConsumers(OrderHandler.class).withEmitter("orders", String.class),
                "messaging.channels.orders.retries",
                "1");

        final CompletableFuture<Void> sent =
                app.instance(OrderSender.class).place("broken").toCompletableFuture();

        assertThat(sent)
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(IllegalArgumentException.class)
                .withMessage("order 'broken' cannot be handled");
        final MeterRegistry meters = app.instance(MeterRegistry.class);
        assertThat(meters.get("messaging_in_process_retries_total")
                        .tag("channel", "orders")
                        .counter()
                        .count())
                .isEqualTo(1.0);
        assertThat(meters.get("messaging_in_process_messages_total")
                        .tag("channel", "orders")
                        .tag("outcome", "nacked")
                        .counter()
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void aConsumersNackFailsTheEmittersSendAndItsAckCompletesIt() throws Exception {
        final JZenith app =
                start(InProcessPlugin.withConsumers(AuditHandler.class).withEmitter("audit", String.class));
        final AuditSender sender = app.instance(AuditSender.class);

        sender.record("login").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(sender.record("secret=42").toCompletableFuture())
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(SecurityException.class)
                .withMessage("audit entries may not hold secrets");
        assertThat(app.instance(AuditHandler.class).accepted).containsExactly("login");
    }

    @Test
    void underFailureStrategyIgnoreAFailedMessageIsCountedAndItsSendCompletes() throws Exception {
        final JZenith app = start(
                InProcessPlugin.withConsumers(OrderHandler.class).withEmitter("orders", String.class),
                "messaging.channels.orders.failure-strategy",
                "ignore");

        app.instance(OrderSender.class)
                .place("broken")
                .toCompletableFuture()
                .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        assertThat(app.instance(MeterRegistry.class)
                        .get("messaging_in_process_messages_total")
                        .tag("channel", "orders")
                        .tag("outcome", "ignored")
                        .counter()
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void underFailureStrategyFailTheChannelStopsItsHealthIsDownAndLaterSendsFail() {
        final JZenith app = start(
                InProcessPlugin.withConsumers(OrderHandler.class).withEmitter("orders", String.class),
                "messaging.channels.orders.failure-strategy",
                "fail");
        final OrderSender sender = app.instance(OrderSender.class);

        assertThat(sender.place("broken").toCompletableFuture())
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("stopped");
        final HealthResult health = Await.result(inProcessHealth(app).check(), WAIT);
        assertThat(health.toString()).contains("DOWN").contains("orders");
        assertThat(sender.place("fine").toCompletableFuture())
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("orders");
        assertThat(app.instance(OrderHandler.class).handled).isEmpty();
    }

    @Test
    void stoppingWaitsForTheMessagesInFlightAndTheirSendsComplete() throws Exception {
        final JZenith app = JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(OrderHandler.class).withEmitter("orders", String.class))
                .start();
        final OrderHandler handler = app.instance(OrderHandler.class);
        final HealthCheck health = inProcessHealth(app);
        final OrderSender sender = app.instance(OrderSender.class);
        final CompletableFuture<Void> slow = sender.place("slow").toCompletableFuture();
        assertThat(handler.slowStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isTrue();
        final CompletableFuture<Void> buffered = sender.place("buffered").toCompletableFuture();

        final CompletableFuture<Void> stopped = CompletableFuture.runAsync(app::stop);
        Await.until(WAIT, "the plugin draining", () -> Await.result(health.check(), WAIT)
                .toString()
                .contains("waiting for 2 in-process messages in flight"));
        assertThat(stopped).isNotDone();
        assertThat(buffered).isNotDone();

        handler.letSlowGo.countDown();
        slow.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        buffered.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        stopped.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(handler.handled).containsExactly("slow", "buffered");
        assertThat(sender.place("late").toCompletableFuture())
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("does not run");
    }

    @Test
    void aBroadcastChannelDeliversEveryMessageToEachOfItsConsumers() {
        final JZenith app =
                start(InProcessPlugin.withConsumers(TickSource.class, TickAuditor.class, TickCounter.class));

        final TickAuditor auditor = app.instance(TickAuditor.class);
        final TickCounter counter = app.instance(TickCounter.class);
        Await.until(WAIT, "three ticks for each", () -> auditor.ticks.size() == 3 && counter.ticks.size() == 3);
        assertThat(auditor.ticks).containsExactly(1, 2, 3);
        assertThat(counter.ticks).containsExactly(1, 2, 3);
    }

    @Test
    void aMergingConsumerTakesEveryProducerOfItsChannel() {
        final JZenith app = start(InProcessPlugin.withConsumers(Greeters.class, GreetingBook.class));

        final GreetingBook book = app.instance(GreetingBook.class);
        Await.until(WAIT, "four greetings", () -> book.greetings.size() == 4);
        assertThat(book.greetings)
                .containsExactlyInAnyOrder("hello", "good bye", "bonjour", "au revoir")
                .containsSubsequence("hello", "good bye")
                .containsSubsequence("bonjour", "au revoir");
    }

    @Test
    void twoConsumersOfAChannelWithoutBroadcastStopStartUpNamingBoth() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(
                                InProcessPlugin.withConsumers(PlainTicks.class, TickAuditor.class, TickCounter.class)),
                "ticks");

        assertThat(failure.getMessage())
                .contains("TickAuditor.audit")
                .contains("TickCounter.count")
                .contains("@Broadcast")
                .contains("PlainTicks.ticks");
    }

    @Test
    void twoProducersOfAChannelWithoutMergeStopStartUpNamingThem() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application().withPlugins(InProcessPlugin.withConsumers(Greeters.class, UnmergedBook.class)),
                "greetings");

        assertThat(failure.getMessage())
                .contains("Greeters.english")
                .contains("Greeters.french")
                .contains("annotate UnmergedBook.write with @Merge");
    }

    @Test
    void aBroadcastWaitingForMoreConsumersThanTheChannelHasStopsStartUp() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application().withPlugins(InProcessPlugin.withConsumers(TickSource.class, TickAuditor.class)),
                "TickSource.ticks");

        assertThat(failure.getMessage()).contains("@Broadcast(2)").contains("would never send");
    }

    @Test
    void anEmitterWithoutAnInProcessConsumerStopsStartUpNamingTheChannel() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(
                                InProcessPlugin.withConsumers(PriceSink.class).withEmitter("orders", String.class)),
                "orders");

        assertThat(failure.getMessage())
                .contains("the in-process channel 'orders'")
                .contains("no @Incoming(\"orders\") method")
                .contains("the in-process channel 'prices'")
                .contains("nothing in the application sends to it");
    }

    @Test
    void mergeConcatTakesTheSecondProducerOnlyOnceTheFirstCompleted() {
        final JZenith app = start(InProcessPlugin.withConsumers(Announcements.class, ConcatBoard.class));

        final ConcatBoard board = app.instance(ConcatBoard.class);
        Await.until(WAIT, "six announcements", () -> board.shown.size() == 6);
        assertThat(board.shown).containsExactly("a", "b", "c", "D", "E", "F");
        assertThat(app.instance(Announcements.class).secondCalledAfterFirstCompleted)
                .containsExactly(true);
    }

    @Test
    void mergeOneTakesTheFirstProducerAndNeverCallsTheOthers() {
        final JZenith app = start(InProcessPlugin.withConsumers(Announcements.class, OneBoard.class));

        final OneBoard board = app.instance(OneBoard.class);
        final Announcements announcements = app.instance(Announcements.class);
        Await.until(WAIT, "the first producer completed", announcements.firstCompleted::get);
        Await.until(WAIT, "three announcements", () -> board.shown.size() == 3);
        assertThat(board.shown).containsExactly("a", "b", "c");
        assertThat(announcements.secondCalledAfterFirstCompleted).isEmpty();
    }

    @Test
    void mergeConcatWithAnEmitterAmongTheUpstreamsStopsStartUpNamingIt() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(InProcessPlugin.withConsumers(Announcements.class, ConcatBoard.class)
                                .withEmitter("announcements", String.class)),
                "ConcatBoard.show");

        assertThat(failure.getMessage())
                .contains("@Merge(CONCAT)")
                .contains("the emitter of 'announcements' (withEmitter) never completes")
                .contains("use @Merge");
    }

    @Test
    void aBroadcastingEmitterHandsEachMessageToEveryConsumerAndItsSendWaitsForAll() throws Exception {
        final JZenith app = JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(OrderHandler.class, OrderAudit.class)
                        .withEmitter("orders", String.class))
                .withModules(binder -> binder.bind(BroadcastingSender.class))
                .start();
        apps.add(app);
        final OrderHandler handler = app.instance(OrderHandler.class);

        final CompletableFuture<Void> sent =
                app.instance(BroadcastingSender.class).place("slow").toCompletableFuture();
        Await.until(WAIT, "the audit to take the order", () -> !app.instance(OrderAudit.class)
                .audited
                .isEmpty());
        assertThat(handler.slowStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isTrue();
        assertThat(sent).isNotDone();

        handler.letSlowGo.countDown();
        sent.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(handler.handled).containsExactly("slow");
        assertThat(app.instance(OrderAudit.class).audited).containsExactly("slow");
    }

    @Test
    void anEmitterWithoutBroadcastOfAChannelWithTwoConsumersStopsStartUpNamingTheField() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(InProcessPlugin.withConsumers(OrderHandler.class, OrderAudit.class)
                                .withEmitter("orders", String.class))
                        .withModules(binder -> binder.bind(OrderSender.class)),
                "OrderSender.orders");

        assertThat(failure.getMessage())
                .contains("OrderHandler.handle")
                .contains("OrderAudit.audit")
                .contains("annotate it with @Broadcast");
    }

    @Test
    void anEmitterBroadcastWaitingForMoreConsumersThanTheChannelHasStopsStartUp() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(InProcessPlugin.withConsumers(OrderHandler.class, OrderAudit.class)
                                .withEmitter("orders", String.class))
                        .withModules(binder -> binder.bind(OverBroadcastingSender.class)),
                "OverBroadcastingSender.orders");

        assertThat(failure.getMessage()).contains("@Broadcast(3)").contains("use @Broadcast(2) or @Broadcast");
    }

    @Test
    void aChannelStreamIsFedByTheInProcessChannelAndTheSendCompletesOnceItsSubscriberTookThePayload() throws Exception {
        final JZenith app = JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers()
                        .withEmitter("quotes", String.class)
                        .withStream("quotes", String.class))
                .withModules(binder -> binder.bind(QuoteResource.class))
                .start();
        apps.add(app);
        final List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        app.instance(QuoteResource.class).stream().subscribe().with(received::add);

        final QuoteSender sender = app.instance(QuoteSender.class);
        sender.send("ACME 12.5").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        sender.send("ACME 12.75").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

        Await.until(WAIT, "two quotes streamed", () -> received.size() == 2);
        assertThat(received).containsExactly("ACME 12.5", "ACME 12.75");
    }

    @Test
    void aChannelStreamBesideAnIncomingMethodNeedsABroadcastingUpstream() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(InProcessPlugin.withConsumers(PlainTicks.class, TickCounter.class)
                                .withStream("ticks", Integer.class)),
                "ticks");

        assertThat(failure.getMessage())
                .contains("the @Channel stream of 'ticks' (withStream)")
                .contains("TickCounter.count")
                .contains("annotate PlainTicks.ticks with @Broadcast");
    }

    @Test
    void aFailureStrategyAnInProcessChannelCannotHaveIsRefusedByKey() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(InProcessPlugin.withConsumers(OrderHandler.class)
                                .withEmitter("orders", String.class))
                        .withConfiguration("messaging.channels.orders.failure-strategy", "dead-letter-queue"),
                "messaging.channels.orders.failure-strategy");

        assertThat(failure.getMessage()).contains("no dead letters");
    }

    private static HealthCheck inProcessHealth(final JZenith app) {
        final Set<HealthCheck> checks = app.injector().getInstance(Key.get(new TypeLiteral<Set<HealthCheck>>() {}));
        return checks.stream()
                .filter(check -> check.name().equals("in-process"))
                .findFirst()
                .orElseThrow();
    }
}
