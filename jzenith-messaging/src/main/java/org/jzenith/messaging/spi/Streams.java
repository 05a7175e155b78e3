package org.jzenith.messaging.spi;

import java.util.Set;
import org.jzenith.core.spi.execution.RxJavaTypes;

/**
 * The stream types of the reactive libraries (Mutiny's {@code Multi}, Reactive Streams' and the
 * JDK's {@code Publisher}, RxJava's {@code Flowable} and {@code Observable}, Reactor's {@code Flux}
 * and {@code Mono}, MicroProfile's stream builders), known by name so that none of those libraries
 * need be on the class path. A method that takes or returns one is a producer or a stream processor,
 * or is refused at start-up with what to do instead.
 */
public final class Streams {

    private static final Set<String> STREAMS = Set.of(
            "io.smallrye.mutiny.Multi",
            "org.reactivestreams.Publisher",
            "org.reactivestreams.Processor",
            "java.util.concurrent.Flow$Publisher",
            "java.util.concurrent.Flow$Processor",
            RxJavaTypes.FLOWABLE,
            RxJavaTypes.OBSERVABLE,
            "reactor.core.publisher.Flux",
            "reactor.core.publisher.Mono",
            "org.eclipse.microprofile.reactive.streams.operators.PublisherBuilder",
            "org.eclipse.microprofile.reactive.streams.operators.ProcessorBuilder");

    private Streams() {}

    /** Whether {@code type} is a stream type, or one of its subtypes. */
    public static boolean isStream(final Class<?> type) {
        for (Class<?> each = type; each != null && each != Object.class; each = each.getSuperclass()) {
            if (STREAMS.contains(each.getName())) {
                return true;
            }
        }
        for (final Class<?> implemented : type.getInterfaces()) {
            if (isStream(implemented)) {
                return true;
            }
        }
        return false;
    }

    /** Why a method may not return {@code type} (which {@link Returns} refused), and what to return instead. */
    public static String advice(final Class<?> type) {
        if (isStream(type)) {
            return ", a stream, for one payload: jZenith sends a stream from an @Outgoing method without"
                    + " @Incoming, or from a stream processor that takes the channel's stream too (Multi<O>"
                    + " process(Multi<I> in)); return one result per record (a value, CompletionStage, Single or"
                    + " Maybe), or send through an injected @Channel Emitter";
        }
        return ", which jZenith cannot wait for; return nothing, a value, CompletionStage, Vert.x Future,"
                + " RxJava Single, Maybe or Completable, or Mutiny Uni";
    }
}
