package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.slf4j.LoggerFactory;

/**
 * A channel's queue arguments against the machine's RabbitMQ: declared with the queue, they act as
 * RabbitMQ says (a message past its TTL is dropped, a full queue that rejects publishes fails the
 * send), and a queue declared before with other arguments fails start-up naming the channel, the
 * queue and the argument. The application only sends here: nobody consumes the queue.
 */
class QueueArgumentsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Broker broker = new Broker();
    private final String orders = broker.unique("orders");
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        broker.close();
    }

    private JZenith application(final Map<String, String> settings) {
        JZenith app = JZenith.application()
                .withPlugins(RabbitMqPlugin.create().withEmitter("orders", Order.class))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                .withConfiguration("rabbitmq.channels.orders.queue", orders);
        for (final Map.Entry<String, String> setting : settings.entrySet()) {
            app = app.withConfiguration(setting.getKey(), setting.getValue());
        }
        return app;
    }

    private JZenith start(final Map<String, String> settings) {
        final JZenith app = application(settings).start();
        apps.add(app);
        return app;
    }

    private static Emitter<Order> emitter(final JZenith app) {
        return app.injector().getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
    }

    @Test
    void aMessageThatWaitedLongerThanTheQueuesTtlIsDroppedAndNotDeadLettered() throws Exception {
        final JZenith app = start(Map.of("rabbitmq.channels.orders.message-ttl", "300ms"));

        emitter(app).send(Order.of("o-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the expired message dropped", () -> broker.ready(orders) == 0);
        assertThat(broker.ready(orders + ChannelSettings.DEAD_LETTER_QUEUE_SUFFIX))
                .isZero();
    }

    @Test
    void aFullQueueThatRejectsPublishesFailsTheSendTheCallerSees() throws Exception {
        final JZenith app = start(Map.of(
                "rabbitmq.channels.orders.queue-type", "classic",
                "rabbitmq.channels.orders.max-length", "2",
                "rabbitmq.channels.orders.overflow", "reject-publish"));
        final Emitter<Order> emitter = emitter(app);
        emitter.send(Order.of("o-1")).toCompletableFuture().get(10, TimeUnit.SECONDS);
        emitter.send(Order.of("o-2")).toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThatThrownBy(() ->
                        emitter.send(Order.of("o-3")).toCompletableFuture().get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .rootCause()
                .hasMessageContaining("basic.nack")
                .hasMessageContaining("overflow=reject-publish");
        assertThat(broker.ready(orders)).isEqualTo(2);
    }

    @Test
    void aQueueDeclaredBeforeWithOtherArgumentsFailsStartUpNamingChannelQueueAndArgument() {
        // an application of an earlier version declared the queue without a TTL
        application(Map.of()).start().stop();

        final RuntimeException failure = assertRefusesToStart(
                application(Map.of("rabbitmq.channels.orders.message-ttl", "1m")),
                "rabbitmq.channels.orders.message-ttl");

        LoggerFactory.getLogger(QueueArgumentsIT.class).info("The start-up failure: {}", failure.getMessage());
        assertThat(failure)
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("channel 'orders': the queue '" + orders + "' exists already with another"
                        + " x-message-ttl than rabbitmq.channels.orders.message-ttl says")
                .hasMessageContaining("406 PRECONDITION_FAILED")
                .hasMessageNotContaining("Exception");
    }
}
