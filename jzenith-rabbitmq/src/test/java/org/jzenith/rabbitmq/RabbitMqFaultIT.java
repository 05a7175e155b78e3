package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateRabbitMq;

/**
 * A broker of the test's own, killed (SIGKILL) and restarted while the application sends and
 * consumes: no message whose send was confirmed is lost, consumption resumes by itself, and the
 * health check is DOWN meanwhile, UP again by itself.
 */
class RabbitMqFaultIT {

    @RegisterExtension
    static final PrivateRabbitMq RABBIT = PrivateRabbitMq.create();

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RabbitMqFaultIT.class);

    @Test
    void aBrokerKilledAndRestartedUnderLoadLosesNoConfirmedMessage() throws Exception {
        final Inbox inbox = new Inbox();
        final JZenith app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("rabbitmq.host", RABBIT.host())
                .withConfiguration("rabbitmq.port", RABBIT.port())
                .withConfiguration("rabbitmq.send-timeout", "5s")
                .start();
        try {
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            final RabbitMqHealthCheck health = app.injector().getInstance(RabbitMqHealthCheck.class);
            final List<String> confirmed = new CopyOnWriteArrayList<>();
            final AtomicInteger failed = new AtomicInteger();
            final AtomicBoolean sending = new AtomicBoolean(true);
            final CompletableFuture<Void> producer = CompletableFuture.runAsync(
                    () -> {
                        int next = 0;
                        while (sending.get()) {
                            final String id = "o-" + next++;
                            try {
                                emitter.send(Order.of(id)).toCompletableFuture().get(30, TimeUnit.SECONDS);
                                confirmed.add(id);
                            } catch (final Exception e) {
                                failed.incrementAndGet();
                                // pacing while the broker is away, not a wait for an event
                                LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
                            }
                        }
                    },
                    r -> Thread.ofVirtual().start(r));

            Await.until(WAIT, "200 sends confirmed", () -> confirmed.size() >= 200);
            RABBIT.kill();
            Await.until(WAIT, "the health check DOWN", () -> !check(health).isUp());
            assertThat(check(health).reason())
                    .hasValueSatisfying(
                            reason -> assertThat(reason).contains("is lost").contains("recovering"));
            final int beforeRestart = confirmed.size();
            RABBIT.start();
            Await.until(WAIT, "the health check UP again", () -> check(health).isUp());
            Await.until(WAIT, "200 more sends confirmed", () -> confirmed.size() >= beforeRestart + 200);
            sending.set(false);
            producer.get(60, TimeUnit.SECONDS);

            final Set<String> expected = new HashSet<>(confirmed);
            Await.until(WAIT, "every confirmed order consumed", () -> new HashSet<>(
                            inbox.orders.stream().map(Order::id).toList())
                    .containsAll(expected));
            assertThat(failed.get()).isPositive();
            assertThat(inbox.virtual)
                    .as("the recovered connection dispatches on virtual threads too, as the first did")
                    .containsOnly(true);
            LOG.info(
                    "Sends confirmed: {}, failed while the broker was away: {}; deliveries consumed: {} ({} duplicates)",
                    confirmed.size(),
                    failed.get(),
                    inbox.orders.size(),
                    inbox.orders.size() - new HashSet<>(inbox.orders).size());
        } finally {
            app.stop();
        }
    }

    @Test
    void whileTheBrokerBlocksPublishingSendsFailAndTheHealthCheckSaysWhy() throws Exception {
        final Inbox inbox = new Inbox();
        final JZenith app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("rabbitmq.host", RABBIT.host())
                .withConfiguration("rabbitmq.port", RABBIT.port())
                .withConfiguration("rabbitmq.send-timeout", "1s")
                .withConfiguration("rabbitmq.channels.orders.queue", "blocked")
                .withConfiguration("rabbitmq.channels.orders.exchange", "blocked")
                .start();
        try {
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            final RabbitMqHealthCheck health = app.injector().getInstance(RabbitMqHealthCheck.class);
            emitter.send(Order.of("before")).toCompletableFuture().get(10, TimeUnit.SECONDS);

            RABBIT.ctl("set_vm_memory_high_watermark", "0");
            try {
                // the first send after the alarm makes the broker block the connection; it times out
                Await.until(WAIT, "the health check DOWN", () -> {
                    emitter.send(Order.of("during")).toCompletableFuture().handle((ok, failure) -> failure);
                    return !check(health).isUp();
                });
                assertThat(check(health).reason())
                        .hasValueSatisfying(reason -> assertThat(reason).contains("blocks publishing"));
                assertThat(emitter.send(Order.of("refused")).toCompletableFuture())
                        .failsWithin(Duration.ofSeconds(1))
                        .withThrowableThat()
                        .withMessageContaining("RabbitMQ blocks publishing");
            } finally {
                RABBIT.ctl("set_vm_memory_high_watermark", "0.4");
            }
            Await.until(WAIT, "the health check UP again", () -> check(health).isUp());
            emitter.send(Order.of("after")).toCompletableFuture().get(10, TimeUnit.SECONDS);
            Await.until(WAIT, "the order sent after consumed", () -> inbox.orders.contains(Order.of("after")));
        } finally {
            app.stop();
        }
    }

    @Test
    void aSendTheBrokerNeverConfirmsFailsAfterTheSendTimeoutNamingItsChannel() throws Exception {
        final JZenith app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(new Inbox()))
                .withConfiguration("rabbitmq.host", RABBIT.host())
                .withConfiguration("rabbitmq.port", RABBIT.port())
                .withConfiguration("rabbitmq.send-timeout", "1s")
                .withConfiguration("rabbitmq.channels.orders.queue", "unconfirmed")
                .withConfiguration("rabbitmq.channels.orders.exchange", "unconfirmed")
                .start();
        try {
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            emitter.send(Order.of("before")).toCompletableFuture().get(10, TimeUnit.SECONDS);

            // A memory alarm: the broker blocks the publishing connection at its next publish and
            // neither reads nor confirms that publish until the alarm clears.
            RABBIT.ctl("set_vm_memory_high_watermark", "0");
            try {
                final long sent = System.nanoTime();
                final CompletableFuture<Void> unconfirmed =
                        emitter.send(Order.of("never-confirmed")).toCompletableFuture();
                assertThat(unconfirmed)
                        .failsWithin(Duration.ofSeconds(30))
                        .withThrowableThat()
                        .withRootCauseInstanceOf(java.util.concurrent.TimeoutException.class)
                        .withMessageContaining("RabbitMQ did not confirm the send to channel 'orders' within the"
                                + " send timeout (1000 ms)");
                assertThat(Duration.ofNanos(System.nanoTime() - sent))
                        .as("failed by the sweep once the timeout passed, not before")
                        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
            } finally {
                RABBIT.ctl("set_vm_memory_high_watermark", "0.4");
            }
        } finally {
            app.stop();
        }
    }

    private static HealthResult check(final RabbitMqHealthCheck health) {
        return Await.result(health.check());
    }
}
