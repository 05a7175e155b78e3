package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * The broker killed (SIGKILL) under a running application and started again: readiness is DOWN while
 * it is away and UP again by itself, and no record the broker acknowledged is lost.
 */
class KafkaFaultIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(90);

    @Test
    void aKilledBrokerMakesReadinessDownUntilItIsBackAndNoAcknowledgedRecordIsLost() throws Exception {
        final Inbox inbox = new Inbox();
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class)
                        .withEmitter("orders", Order.class)
                        .withEmitter("fresh", String.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", Topics.unique("group"))
                .withConfiguration("kafka.channels.orders.topic", Topics.unique("orders"))
                .withConfiguration("kafka.channels.texts.topic", Topics.unique("texts"))
                .withConfiguration("kafka.health-timeout", "500ms")
                .withConfiguration("kafka.send-timeout", "1s")
                .withConfiguration("kafka.channels.fresh.topic", Topics.unique("fresh"))
                .start();
        try {
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            final KafkaHealthCheck health = app.instance(KafkaHealthCheck.class);
            assertThat(Await.result(health.check()).status()).isEqualTo(HealthStatus.UP);
            send(emitter, 0, 20);

            KAFKA.kill();
            Await.until(
                    WAIT,
                    "readiness is DOWN",
                    () -> Await.result(health.check()).status() == HealthStatus.DOWN);

            // A topic the producer knows nothing of yet: it waits for its metadata, at most send-timeout.
            final Emitter<String> fresh = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("fresh")));
            final long sending = System.nanoTime();
            assertThatThrownBy(() -> fresh.send("lost").toCompletableFuture().get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(org.apache.kafka.common.errors.TimeoutException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - sending)).isLessThan(Duration.ofSeconds(10));

            KAFKA.start();
            Await.until(
                    WAIT,
                    "readiness is UP again",
                    () -> Await.result(health.check()).status() == HealthStatus.UP);
            send(emitter, 20, 40);

            final List<Order> expected =
                    IntStream.range(0, 40).mapToObj(i -> new Order("o-" + i, i)).toList();
            Await.until(WAIT, "every acknowledged order arrives", () -> inbox.orders.containsAll(expected));
        } finally {
            app.stop();
        }
    }

    private static void send(final Emitter<Order> emitter, final int from, final int to) throws Exception {
        final CompletableFuture<?>[] sent = IntStream.range(from, to)
                .mapToObj(i -> emitter.send(new Order("o-" + i, i)).toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        CompletableFuture.allOf(sent).get(60, TimeUnit.SECONDS);
    }
}
