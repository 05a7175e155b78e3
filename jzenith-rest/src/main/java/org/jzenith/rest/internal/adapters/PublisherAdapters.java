package org.jzenith.rest.internal.adapters;

import java.util.List;
import java.util.concurrent.Flow;
import org.jzenith.rest.ReactiveAdapter;
import org.reactivestreams.FlowAdapters;
import org.reactivestreams.Publisher;

/**
 * The two standard stream types, Reactive Streams' {@code Publisher} and the JDK's {@code
 * Flow.Publisher}, as any library's stream may be declared: streamed like a {@code Flowable}.
 */
final class PublisherAdapters {

    private PublisherAdapters() {}

    @SuppressWarnings({"rawtypes", "unchecked"}) // a class literal of a generic type is raw
    static List<ReactiveAdapter> all() {
        return List.of(
                ReactiveAdapter.many(Publisher.class, publisher -> publisher),
                ReactiveAdapter.many(Flow.Publisher.class, publisher -> FlowAdapters.toPublisher(publisher)));
    }
}
