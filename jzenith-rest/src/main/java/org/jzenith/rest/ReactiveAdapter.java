package org.jzenith.rest;

import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.reactivestreams.Publisher;

/**
 * Lets resource methods return an asynchronous type of another library, by saying how it becomes
 * one jZenith already writes: a {@link CompletionStage} for a single result, a Reactive Streams
 * {@link Publisher} for a stream (written as a JSON array, with back-pressure). Such methods run on
 * the event loop, as other reactive ones do. Mutiny's {@code Uni}/{@code Multi} and Reactor's
 * {@code Mono}/{@code Flux} are adapted already where the application has those libraries.
 *
 * <pre>{@code
 * RestPlugin.withResources(QuoteResource.class)
 *           .withAdapters(ReactiveAdapter.one(Eventually.class, (Eventually<?> e) -> e.asStage()))
 * }</pre>
 */
public sealed interface ReactiveAdapter permits ReactiveAdapter.One, ReactiveAdapter.Many {

    /** The type it adapts; a method whose declared return type is it or a subtype uses it. */
    Class<?> type();

    /** An adapter of a type that stands for one result (or none: {@code null} is answered 204). */
    @SuppressWarnings("unchecked") // the function is only applied to instances of type
    static <T> ReactiveAdapter one(
            final Class<? super T> type, final Function<? super T, ? extends CompletionStage<?>> toCompletionStage) {
        Objects.requireNonNull(toCompletionStage, "toCompletionStage");
        return new One(type, result -> toCompletionStage.apply((T) result));
    }

    /** An adapter of a type that stands for a stream of results. */
    @SuppressWarnings("unchecked") // the function is only applied to instances of type
    static <T> ReactiveAdapter many(
            final Class<T> type, final Function<? super T, ? extends Publisher<?>> toPublisher) {
        Objects.requireNonNull(toPublisher, "toPublisher");
        return new Many(type, result -> toPublisher.apply((T) result));
    }

    /**
     * Adapts a type of one result.
     *
     * @param type the adapted type
     * @param toCompletionStage turns a method's result into a stage
     */
    record One(Class<?> type, Function<Object, CompletionStage<?>> toCompletionStage) implements ReactiveAdapter {

        public One {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(toCompletionStage, "toCompletionStage");
        }
    }

    /**
     * Adapts a type of many results.
     *
     * @param type the adapted type
     * @param toPublisher turns a method's result into a publisher
     */
    record Many(Class<?> type, Function<Object, Publisher<?>> toPublisher) implements ReactiveAdapter {

        public Many {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(toPublisher, "toPublisher");
        }
    }
}
