package org.jzenith.messaging.stream;

import com.google.inject.Binder;
import com.google.inject.Key;
import com.google.inject.util.Types;
import java.util.concurrent.Flow;
import org.jzenith.core.spi.execution.RxJavaTypes;
import org.jzenith.messaging.spi.ChannelLiteral;

/**
 * Binds {@code @Channel("quotes")} streams of a {@link ChannelStream}: the JDK's {@code
 * Flow.Publisher<T>} always, and where the application has the library, Reactive Streams' {@code
 * Publisher<T>}, Mutiny's {@code Multi<T>} and RxJava's {@code Flowable<T>}: each a view of the same
 * stream, so every injection point, and every subscription to it, receives the channel's payloads.
 *
 * <pre>{@code
 * ChannelStreams.bind(binder(), new ChannelStream("quotes", 256, Duration.ofSeconds(10)), Quote.class);
 * @Channel("quotes") Multi<Quote> quotes;        // in a resource, without @Inject, as Quarkus writes it
 * }</pre>
 */
public final class ChannelStreams {

    private ChannelStreams() {}

    /** Binds every stream type at hand for {@code stream}'s channel with payloads of {@code type}. */
    public static void bind(final Binder binder, final ChannelStream stream, final Class<?> type) {
        bindAs(binder, Flow.Publisher.class, type, stream, stream.typed());
        if (present("org.reactivestreams.FlowAdapters")) {
            ReactiveStreams.bind(binder, stream, type);
        }
        if (present("io.smallrye.mutiny.Multi")) {
            Mutiny.bind(binder, stream, type);
        }
        if (present(RxJavaTypes.FLOWABLE) && present("org.reactivestreams.FlowAdapters")) {
            RxJava.bind(binder, stream, type);
        }
    }

    @SuppressWarnings("unchecked")
    private static void bindAs(
            final Binder binder,
            final Class<?> streamType,
            final Class<?> type,
            final ChannelStream stream,
            final Object instance) {
        final Key<Object> key = (Key<Object>) Key.get(
                streamType.getEnclosingClass() == null
                        ? Types.newParameterizedType(streamType, type)
                        // Flow.Publisher is nested: Guice's type must name its owner
                        : Types.newParameterizedTypeWithOwner(streamType.getEnclosingClass(), streamType, type),
                new ChannelLiteral(stream.channel()));
        binder.bind(key).toInstance(instance);
    }

    private static boolean present(final String name) {
        try {
            Class.forName(name, false, ChannelStreams.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException e) {
            return false;
        }
    }

    /** Touches Reactive Streams only once it is known to be there. */
    private static final class ReactiveStreams {
        static void bind(final Binder binder, final ChannelStream stream, final Class<?> type) {
            bindAs(
                    binder,
                    org.reactivestreams.Publisher.class,
                    type,
                    stream,
                    org.reactivestreams.FlowAdapters.toPublisher(stream.typed()));
        }
    }

    /** Touches Mutiny only once it is known to be there. */
    private static final class Mutiny {
        static void bind(final Binder binder, final ChannelStream stream, final Class<?> type) {
            bindAs(
                    binder,
                    io.smallrye.mutiny.Multi.class,
                    type,
                    stream,
                    io.smallrye.mutiny.Multi.createFrom().publisher(stream.typed()));
        }
    }

    /** Touches RxJava only once it is known to be there. */
    private static final class RxJava {
        static void bind(final Binder binder, final ChannelStream stream, final Class<?> type) {
            bindAs(
                    binder,
                    io.reactivex.rxjava3.core.Flowable.class,
                    type,
                    stream,
                    io.reactivex.rxjava3.core.Flowable.fromPublisher(
                            org.reactivestreams.FlowAdapters.toPublisher(stream.typed())));
        }
    }
}
