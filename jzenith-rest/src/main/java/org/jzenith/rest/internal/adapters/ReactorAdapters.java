package org.jzenith.rest.internal.adapters;

import java.util.List;
import org.jzenith.rest.ReactiveAdapter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reactor's types, as Spring WebFlux code returns them; loaded only where Reactor is on the classpath. */
final class ReactorAdapters {

    private ReactorAdapters() {}

    @SuppressWarnings({"rawtypes", "unchecked"}) // a class literal of a generic type is raw
    static List<ReactiveAdapter> all() {
        return List.of(ReactiveAdapter.one(Mono.class, Mono::toFuture), ReactiveAdapter.many(Flux.class, flux -> flux));
    }
}
