package org.jzenith.messaging.producer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.Injector;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.Payload;

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

    private final List<ProducedStream> streams;

    private ProducerChannels(final List<ProducedStream> streams) {
        this.streams = List.copyOf(streams);
    }

    /** No producers. */
    public static ProducerChannels none() {
        return new ProducerChannels(List.of());
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
            final java.util.function.Predicate<String> serves) {
        final ObjectMapper json = Json.of(injector);
        final List<ProducedStream> streams = new ArrayList<>();
        for (final Class<?> type : classes) {
            for (final OutgoingMethod.Found found : OutgoingMethod.find(type)) {
                if (!serves.test(found.channel())) {
                    continue;
                }
                final OutgoingMethod method = OutgoingMethod.of(type, found);
                final Object stream;
                try {
                    stream = method.handle().invoke(injector.getInstance(type));
                } catch (final Throwable e) {
                    throw new IllegalStateException(method.describe() + " failed to make its stream: " + e, e);
                }
                if (stream == null) {
                    throw new IllegalStateException(method.describe() + " returned null instead of a stream");
                }
                final ProducedStream produced = new ProducedStream(
                        method, Payload.of(method.payload(), json).orElseThrow(), connector.outbound(method.channel()));
                publisher(stream).subscribe(produced);
                streams.add(produced);
            }
        }
        return new ProducerChannels(streams);
    }

    /** How many producer streams run. */
    public int size() {
        return streams.size();
    }

    /** Cancels every stream; completes once what they had emitted is handed to the broker. */
    public CompletableFuture<Void> stop() {
        return CompletableFuture.allOf(
                streams.stream().map(ProducedStream::stop).toArray(CompletableFuture[]::new));
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
