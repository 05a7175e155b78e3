package org.jzenith.messaging.producer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.Injector;
import io.smallrye.reactive.messaging.annotations.Merge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.function.Predicate;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.Payload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The producer methods of the classes named to a connector ({@link OutgoingMethod}): each called once
 * when the connector starts, and what its stream emits sent to its channel ({@link ProducedStream}).
 * Thread-safe.
 *
 * <pre>{@code
 * ProducerChannels producers = ProducerChannels.start(consumers, injector, connector);
 * producers.stop();   // before the connector's clients close
 * }</pre>
 */
public final class ProducerChannels {

    private static final Logger LOG = LoggerFactory.getLogger(ProducerChannels.class);

    private final List<ProducedStream> streams = new CopyOnWriteArrayList<>();
    private boolean stopped;

    private ProducerChannels() {}

    /** No producers. */
    public static ProducerChannels none() {
        return new ProducerChannels();
    }

    /** Calls every producer method of {@code classes} (made by {@code injector}) and sends its stream through {@code connector}. */
    public static ProducerChannels start(
            final List<Class<?>> classes, final Injector injector, final Connector connector) {
        return start(classes, injector, connector, channel -> true);
    }

    /** As {@link #start(List, Injector, Connector)}, for the producer methods of the channels {@code serves} only. */
    public static ProducerChannels start(
            final List<Class<?>> classes,
            final Injector injector,
            final Connector connector,
            final Predicate<String> serves) {
        return start(classes, injector, connector, serves, Map.of());
    }

    /**
     * As {@link #start(List, Injector, Connector, Predicate)}, the producer methods of a channel of {@code
     * turns} taking turns in the order found (the classes as given, each one's methods by name): under
     * {@code ONE} only the first is called, under {@code CONCAT} each once the stream before it completed
     * (a stream that fails or is cancelled ends the turns). The other channels' producers all run at once.
     */
    public static ProducerChannels start(
            final List<Class<?>> classes,
            final Injector injector,
            final Connector connector,
            final Predicate<String> serves,
            final Map<String, Merge.Mode> turns) {
        final ObjectMapper json = Json.of(injector);
        final Map<String, List<OutgoingMethod>> byChannel = new LinkedHashMap<>();
        for (final Class<?> type : classes) {
            for (final OutgoingMethod.Found found : OutgoingMethod.find(type)) {
                if (serves.test(found.channel())) {
                    byChannel
                            .computeIfAbsent(found.channel(), channel -> new ArrayList<>())
                            .add(OutgoingMethod.of(type, found));
                }
            }
        }
        final ProducerChannels producers = new ProducerChannels();
        byChannel.forEach((channel, methods) -> {
            final Merge.Mode mode = turns.getOrDefault(channel, Merge.Mode.MERGE);
            if (mode == Merge.Mode.MERGE || methods.size() == 1) {
                methods.forEach(method -> producers.run(method, injector, connector, json));
                return;
            }
            final List<OutgoingMethod> later = methods.subList(1, methods.size());
            if (mode == Merge.Mode.ONE) {
                LOG.info(
                        "Channel '{}' takes {} only (@Merge(ONE)); not called: {}",
                        channel,
                        methods.getFirst().describe(),
                        describe(later));
                producers.run(methods.getFirst(), injector, connector, json);
            } else {
                producers.concat(channel, methods, injector, connector, json);
            }
        });
        return producers;
    }

    /** How many producer streams run or ran. */
    public int size() {
        return streams.size();
    }

    /** Cancels every stream, and calls no further one; completes once what they had emitted is handed to the broker. */
    public CompletableFuture<Void> stop() {
        final List<ProducedStream> running;
        synchronized (this) {
            // a turn that starts after this would not be cancelled: concat checks the flag under the same lock
            stopped = true;
            running = List.copyOf(streams);
        }
        return CompletableFuture.allOf(
                running.stream().map(ProducedStream::stop).toArray(CompletableFuture[]::new));
    }

    /** Calls {@code method} and sends its stream; the stream's end. */
    private ProducedStream run(
            final OutgoingMethod method, final Injector injector, final Connector connector, final ObjectMapper json) {
        final Object stream;
        try {
            stream = method.handle().invoke(injector.getInstance(method.type()));
        } catch (final Throwable e) {
            throw new IllegalStateException(method.describe() + " failed to make its stream: " + e, e);
        }
        if (stream == null) {
            throw new IllegalStateException(method.describe() + " returned null instead of a stream");
        }
        final ProducedStream produced = new ProducedStream(
                method, Payload.of(method.payload(), json).orElseThrow(), connector.outbound(method.channel()));
        streams.add(produced);
        publisher(stream).subscribe(produced);
        return produced;
    }

    /** Runs {@code methods} one after the other, each once the stream before it completed and was handed on. */
    private void concat(
            final String channel,
            final List<OutgoingMethod> methods,
            final Injector injector,
            final Connector connector,
            final ObjectMapper json) {
        run(methods.getFirst(), injector, connector, json).finished().thenAccept(completed -> {
            final List<OutgoingMethod> rest = methods.subList(1, methods.size());
            synchronized (this) {
                next(channel, methods.getFirst(), rest, completed, injector, connector, json);
            }
        });
    }

    private void next(
            final String channel,
            final OutgoingMethod before,
            final List<OutgoingMethod> rest,
            final boolean completed,
            final Injector injector,
            final Connector connector,
            final ObjectMapper json) {
        if (stopped) {
            return;
        }
        if (!completed) {
            LOG.error(
                    "Channel '{}' takes its producers one after the other (@Merge(CONCAT)), and the stream of {}"
                            + " did not complete; not called: {}",
                    channel,
                    before.describe(),
                    describe(rest));
            return;
        }
        LOG.info(
                "Channel '{}' goes on with {} (@Merge(CONCAT))",
                channel,
                rest.getFirst().describe());
        try {
            if (rest.size() == 1) {
                run(rest.getFirst(), injector, connector, json);
            } else {
                concat(channel, rest, injector, connector, json);
            }
        } catch (final RuntimeException e) {
            LOG.error("Channel '{}' stops taking its producers: {}", channel, e.getMessage(), e);
        }
    }

    private static String describe(final List<OutgoingMethod> methods) {
        return String.join(", ", methods.stream().map(OutgoingMethod::describe).toList());
    }

    /** The stream as the JDK's publisher: Mutiny's Multi is one; Reactive Streams' (RxJava's Flowable) is adapted. */
    @SuppressWarnings("unchecked")
    private static Flow.Publisher<Object> publisher(final Object stream) {
        if (stream instanceof Flow.Publisher<?> publisher) {
            return (Flow.Publisher<Object>) publisher;
        }
        return ReactiveStreams.adapt(stream);
    }

    /** Touches Reactive Streams only for a stream that is one. */
    private static final class ReactiveStreams {
        @SuppressWarnings("unchecked")
        static Flow.Publisher<Object> adapt(final Object stream) {
            return org.reactivestreams.FlowAdapters.toFlowPublisher((org.reactivestreams.Publisher<Object>) stream);
        }
    }
}
