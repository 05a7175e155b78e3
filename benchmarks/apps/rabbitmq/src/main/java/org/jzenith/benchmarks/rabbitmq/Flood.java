package org.jzenith.benchmarks.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code UserCreated} events to a consumer service for the 128 MiB cgroup run: published to {@code
 * exchange} with {@code routingKey}, persistent, {@code mandatory}, with publisher confirms, {@code
 * rate} a second (0: as fast as confirms allow, at most {@link RabbitBench#OUTSTANDING}
 * unconfirmed) for {@code seconds}. Each second it prints a JSON line with the events confirmed so
 * far and the queue's depth (its ready messages, from a passive declare on a connection of its own;
 * the consumer's unacknowledged deliveries, at most its prefetch, are not counted), until the queue
 * is empty after the flood or 30 s have passed since.
 */
final class Flood {

    private static final AMQP.BasicProperties EVENT = new AMQP.BasicProperties.Builder()
            .deliveryMode(2)
            .contentType("application/json")
            .build();

    private Flood() {}

    static void run(
            final ConnectionFactory factory,
            final String exchange,
            final String routingKey,
            final String queue,
            final int seconds,
            final int rate)
            throws Exception {
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong produced = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        try (Connection publishing = factory.newConnection("flood-publish");
                Connection watching = factory.newConnection("flood-watch")) {
            final Channel publisher = publishing.createChannel();
            publisher.confirmSelect();
            final Semaphore window = new Semaphore(RabbitBench.OUTSTANDING);
            final ConcurrentNavigableMap<Long, Boolean> unconfirmed = new ConcurrentSkipListMap<>();
            publisher.addConfirmListener(new ConfirmListener() {
                @Override
                public void handleAck(final long sequence, final boolean multiple) {
                    produced.addAndGet(settle(sequence, multiple));
                }

                @Override
                public void handleNack(final long sequence, final boolean multiple) {
                    failed.addAndGet(settle(sequence, multiple));
                }

                private int settle(final long sequence, final boolean multiple) {
                    final Map<Long, Boolean> done = multiple
                            ? unconfirmed.headMap(sequence, true)
                            : unconfirmed.subMap(sequence, true, sequence, true);
                    final int count = done.size();
                    done.clear();
                    window.release(count);
                    return count;
                }
            });
            // A returned event is confirmed too (after its return): it counts as failed, not delivered.
            publisher.addReturnListener(returned -> {
                failed.incrementAndGet();
                produced.decrementAndGet();
            });
            final Thread sender = Thread.ofPlatform().name("flood").start(() -> {
                final long interval = rate > 0 ? 1_000_000_000L / rate : 0;
                final long start = System.nanoTime();
                try {
                    for (long i = 0; !stop.get(); i++) {
                        if (interval > 0) {
                            final long due = start + i * interval;
                            while (System.nanoTime() < due && !stop.get()) {
                                LockSupport.parkNanos(due - System.nanoTime());
                            }
                        }
                        final String event = "{\"eventId\":\"" + UUID.randomUUID()
                                + "\",\"type\":\"UserCreated\",\"userId\":\"" + UUID.randomUUID()
                                + "\",\"name\":\"Load Test\",\"occurredAt\":\"" + Instant.now() + "\"}";
                        window.acquireUninterruptibly();
                        unconfirmed.put(publisher.getNextPublishSeqNo(), Boolean.TRUE);
                        publisher.basicPublish(
                                exchange, routingKey, true, EVENT, event.getBytes(StandardCharsets.UTF_8));
                    }
                } catch (final Exception e) {
                    System.err.println("the flood stopped: " + e);
                }
            });
            final Channel watcher = watching.createChannel();
            final long start = System.nanoTime();
            for (int second = 1; ; second++) {
                LockSupport.parkNanos(start + second * 1_000_000_000L - System.nanoTime());
                if (second == seconds) {
                    stop.set(true);
                }
                final AMQP.Queue.DeclareOk state = watcher.queueDeclarePassive(queue);
                System.out.printf(
                        "{\"t\":%d,\"sending\":%b,\"produced\":%d,\"failed\":%d,\"depth\":%d,\"consumers\":%d}%n",
                        second,
                        second < seconds,
                        produced.get(),
                        failed.get(),
                        state.getMessageCount(),
                        state.getConsumerCount());
                if (second >= seconds && (state.getMessageCount() == 0 || second >= seconds + 30)) {
                    break;
                }
            }
            sender.join();
        }
    }
}
