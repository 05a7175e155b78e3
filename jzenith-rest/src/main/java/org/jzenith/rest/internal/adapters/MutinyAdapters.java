package org.jzenith.rest.internal.adapters;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.util.List;
import org.jzenith.rest.ReactiveAdapter;
import org.reactivestreams.FlowAdapters;

/** Mutiny's types, as Quarkus resources return them; loaded only where Mutiny is on the classpath. */
final class MutinyAdapters {

    private MutinyAdapters() {}

    @SuppressWarnings({"rawtypes", "unchecked"}) // a class literal of a generic type is raw
    static List<ReactiveAdapter> all() {
        return List.of(
                ReactiveAdapter.one(Uni.class, Uni::subscribeAsCompletionStage),
                ReactiveAdapter.many(Multi.class, FlowAdapters::toPublisher));
    }
}
