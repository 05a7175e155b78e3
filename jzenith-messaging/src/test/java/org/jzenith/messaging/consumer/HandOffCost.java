package org.jzenith.messaging.consumer;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;

/**
 * What the hand-off to the event loop costs per message: one virtual thread takes messages through a
 * processor one after another, as a partition's does, for the same work on the virtual thread and on
 * the event loop; prints nanoseconds per message of each, best of the rounds. A separate program, not a
 * test (no JMH: a first figure, noisy on a shared machine).
 *
 * <pre>{@code
 * java -cp target/test-classes:target/classes:$(cat cp.txt) org.jzenith.messaging.consumer.HandOffCost 200000 5
 * }</pre>
 */
public final class HandOffCost {

    /** The same empty work, asked for on each thread. */
    public static class Methods {
        @Incoming("plain-virtual")
        public void plainVirtual(final String payload) {}

        @Incoming("plain-event-loop")
        @NonBlocking
        public void plainEventLoop(final String payload) {}

        @Incoming("uni-virtual")
        @RunOnVirtualThread
        public Uni<Void> uniVirtual(final String payload) {
            return Uni.createFrom().voidItem();
        }

        @Incoming("uni-event-loop")
        public Uni<Void> uniEventLoop(final String payload) {
            return Uni.createFrom().voidItem();
        }
    }

    private HandOffCost() {}

    public static void main(final String... args) throws Exception {
        final int messages = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        final int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        final Vertx vertx = Vertx.vertx();
        try {
            final List<String> channels = List.of("plain-virtual", "plain-event-loop", "uni-virtual", "uni-event-loop");
            final List<MessageProcessor> processors = new ArrayList<>();
            for (final String channel : channels) {
                processors.add(processor(channel, vertx));
            }
            for (int round = 0; round < rounds; round++) {
                final StringBuilder line = new StringBuilder("round " + round + ":");
                for (int i = 0; i < channels.size(); i++) {
                    line.append(String.format(" %s %.0f ns", channels.get(i), perMessage(processors.get(i), messages)));
                }
                System.out.println(line);
            }
        } finally {
            vertx.close().await();
        }
    }

    private static MessageProcessor processor(final String channel, final Vertx vertx) {
        final IncomingMethod.Found found = IncomingMethod.find(Methods.class, NativeParameters.NONE).stream()
                .filter(each -> each.channel().equals(channel))
                .findFirst()
                .orElseThrow();
        return new MessageProcessor(
                new ChannelPolicy(
                        channel,
                        0,
                        Duration.ofMillis(1),
                        Duration.ofMillis(1),
                        FailureStrategy.DEAD_LETTER_QUEUE,
                        1_000,
                        "max-message-bytes"),
                IncomingMethod.of(Methods.class, found, new ObjectMapper(), NativeParameters.NONE),
                new Methods(),
                PayloadValidator.NONE,
                new KeptDeadLetters(),
                CountingMeters.in(new SimpleMeterRegistry()),
                new CountDownLatch(1),
                MessageTracing.NONE,
                Optional.empty(),
                new FailedChannels(),
                vertx);
    }

    /** Nanoseconds per message, taking {@code messages} through {@code processor} on one virtual thread. */
    private static double perMessage(final MessageProcessor processor, final int messages) throws Exception {
        final CompletableFuture<Long> took = new CompletableFuture<>();
        final Delivered message = new Delivered(1);
        final Runnable acknowledged = () -> {};
        Thread.ofVirtual().start(() -> {
            final long started = System.nanoTime();
            for (int i = 0; i < messages; i++) {
                processor.process(message, acknowledged);
            }
            took.complete(System.nanoTime() - started);
        });
        return took.get() / (double) messages;
    }
}
