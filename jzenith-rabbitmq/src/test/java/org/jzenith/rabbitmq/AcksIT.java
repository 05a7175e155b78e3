package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Configurations;

/**
 * {@link Acks} against the machine's RabbitMQ: acks held back go out as one multiple ack that covers
 * only done deliveries, a delivery done while an earlier one is open is acked alone, and nothing is
 * acked twice (the broker would close the channel: {@code 406 unknown delivery tag}). The queue
 * tells: what was not acked comes back when the channel closes, and nothing else does.
 */
class AcksIT {

    @Test
    void heldAcksCoverOnlyDoneDeliveriesAndOutOfOrderOnesGoAlone() throws Exception {
        try (Broker broker = new Broker()) {
            final String queue = broker.unique("acks");
            final ConnectionFactory factory = new ConnectionFactory();
            factory.setHost(Broker.HOST);
            factory.setPort(Broker.PORT);
            try (Connection connection = factory.newConnection("acks-it")) {
                final Channel declaring = connection.createChannel();
                declaring.queueDeclare(queue, false, false, false, Map.of());
                for (int i = 1; i <= 6; i++) {
                    declaring.basicPublish("", queue, null, ("m" + i).getBytes(StandardCharsets.UTF_8));
                }
                declaring.close();
                Await.ready(broker, queue, 6);

                final Channel channel = connection.createChannel();
                final Acks roomy = new Acks(settings(100), channel);
                final List<Long> tags = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    final GetResponse got = channel.basicGet(queue, false);
                    tags.add(got.getEnvelope().getDeliveryTag());
                    roomy.open(got.getEnvelope().getDeliveryTag());
                }
                // 2 done while 1 is open: acked alone, at once
                roomy.done(tags.get(1), Optional.empty(), true);
                // 1 done, the oldest open: held back; 3 done: held back with it
                roomy.done(tags.get(0), Optional.empty(), true);
                roomy.done(tags.get(2), Optional.empty(), true);
                // 5 done while 4 is open, on another thread: alone
                roomy.done(tags.get(4), Optional.empty(), false);
                // the multiple ack of 3 covers 1 and 3 (2 was acked), not 4
                roomy.flush();
                // 6 given back
                roomy.giveBack(tags.get(5), Optional.empty());
                roomy.close();
                assertThat(channel.isOpen())
                        .as("no tag was acked twice: the broker would have closed the channel")
                        .isTrue();
                channel.close();
            }
            Await.ready(broker, queue, 2);
            final List<String> back = broker.takeAll(queue).stream()
                    .map(got -> new String(got.getBody(), StandardCharsets.UTF_8))
                    .toList();
            assertThat(back).as("the open one and the one given back").containsExactlyInAnyOrder("m4", "m6");
        }
    }

    @Test
    void anAckHeldBackGoesOutWithinTwentyMillisecondsWithoutAFlush() throws Exception {
        try (Broker broker = new Broker()) {
            final String queue = broker.unique("held");
            final ConnectionFactory factory = new ConnectionFactory();
            factory.setHost(Broker.HOST);
            factory.setPort(Broker.PORT);
            try (Connection connection = factory.newConnection("acks-it")) {
                final Channel channel = connection.createChannel();
                channel.queueDeclare(queue, false, false, false, Map.of());
                channel.basicPublish("", queue, null, "held".getBytes(StandardCharsets.UTF_8));
                Await.ready(broker, queue, 1);
                final Acks acks = new Acks(settings(100), channel);
                final long tag = channel.basicGet(queue, false).getEnvelope().getDeliveryTag();
                acks.open(tag);
                acks.done(tag, Optional.empty(), true);
                assertThat(acks.holding())
                        .as("held back: done in order on the queue's thread")
                        .isEqualTo(1);
                acks.start(); // the timer, started after the check above so that it cannot flush before it
                org.jzenith.test.Await.until(
                        java.time.Duration.ofSeconds(10), "the held ack sent by the timer", () -> acks.holding() == 0);
                channel.close(); // an unacked delivery would go back to the queue now
                acks.close();
            }
            assertThat(broker.ready(queue)).as("the delivery was acked").isZero();
        }
    }

    @Test
    void latestAcksEveryDeliveryAloneAsSoonAsItIsDone() throws Exception {
        assertThat(acksOfSixDoneInOrder("latest"))
                .as("one single ack per delivery, none held back")
                .hasSize(6)
                .allSatisfy(ack -> assertThat(ack.multiple()).isFalse());
    }

    @Test
    void throttledTheDefaultAcksDeliveriesDoneInOrderAsOneMultipleAck() throws Exception {
        assertThat(acksOfSixDoneInOrder("throttled"))
                .as("the six held back, then acked together")
                .singleElement()
                .satisfies(ack -> assertThat(ack.multiple()).isTrue());
    }

    /**
     * Six deliveries of a queue of the machine's RabbitMQ, each done in order on the queue's thread with
     * {@code strategy}, then flushed: the acks the broker got, counted on their way; none may be missing
     * (the queue is empty once the channel closed) nor doubled (the channel stays open).
     */
    private static List<Ack> acksOfSixDoneInOrder(final String strategy) throws Exception {
        try (Broker broker = new Broker()) {
            final String queue = broker.unique("acks-" + strategy);
            final ConnectionFactory factory = new ConnectionFactory();
            factory.setHost(Broker.HOST);
            factory.setPort(Broker.PORT);
            final List<Ack> acks = new java.util.concurrent.CopyOnWriteArrayList<>();
            try (Connection connection = factory.newConnection("acks-it")) {
                final Channel real = connection.createChannel();
                real.queueDeclare(queue, false, false, false, Map.of());
                for (int i = 1; i <= 6; i++) {
                    real.basicPublish("", queue, null, ("m" + i).getBytes(StandardCharsets.UTF_8));
                }
                Await.ready(broker, queue, 6);
                final Acks counted = new Acks(
                        ChannelSettings.of(
                                "acks",
                                Configurations.read(
                                        RabbitMqConfiguration.class,
                                        Map.of("rabbitmq.prefetch", "100", "rabbitmq.commit-strategy", strategy))),
                        counting(real, acks));
                // no timer (start()): what is held back goes out at close, whatever this machine's speed
                for (int i = 0; i < 6; i++) {
                    final long tag = real.basicGet(queue, false).getEnvelope().getDeliveryTag();
                    counted.open(tag);
                    counted.done(tag, Optional.empty(), true);
                }
                counted.close();
                assertThat(real.isOpen())
                        .as("no tag was acked twice: the broker would have closed the channel")
                        .isTrue();
                real.close(); // an unacked delivery would go back to the queue now
            }
            assertThat(broker.ready(queue)).as("every delivery was acked").isZero();
            return List.copyOf(acks);
        }
    }

    /** A {@code basic.ack} as sent. */
    private record Ack(long tag, boolean multiple) {}

    /** {@code channel}, recording each {@code basicAck} into {@code acks} before it goes out. */
    private static Channel counting(final Channel channel, final List<Ack> acks) {
        return (Channel) java.lang.reflect.Proxy.newProxyInstance(
                Channel.class.getClassLoader(), new Class<?>[] {Channel.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("basicAck")) {
                        acks.add(new Ack((long) arguments[0], (boolean) arguments[1]));
                    }
                    try {
                        return method.invoke(channel, arguments);
                    } catch (final java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static ChannelSettings settings(final int prefetch) {
        return ChannelSettings.of(
                "acks",
                Configurations.read(
                        RabbitMqConfiguration.class, Map.of("rabbitmq.prefetch", String.valueOf(prefetch))));
    }

    /** Waits for a queue's ready count. */
    private static final class Await {
        static void ready(final Broker broker, final String queue, final long count) {
            org.jzenith.test.Await.until(
                    java.time.Duration.ofSeconds(30),
                    queue + " holds " + count + " ready",
                    () -> broker.ready(queue) == count);
        }
    }
}
