package org.jzenith.rest.internal.adapters;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jzenith.rest.ReactiveAdapter;

/**
 * The reactive adapters of an application: its own, then those of Mutiny and Reactor where the
 * application has them (found by loading one class of each, no scanning). The first whose type a
 * return type is, or extends, adapts it. Immutable.
 */
public final class ReactiveAdapters {

    private final List<ReactiveAdapter> adapters;

    private ReactiveAdapters(final List<ReactiveAdapter> adapters) {
        this.adapters = List.copyOf(adapters);
    }

    /** {@code own} adapters, then the built-in ones for the libraries on the classpath. */
    public static ReactiveAdapters of(final List<ReactiveAdapter> own) {
        final List<ReactiveAdapter> all = new ArrayList<>(own);
        all.addAll(BuiltIn.ADAPTERS);
        return new ReactiveAdapters(all);
    }

    /** The built-in adapters, looked for once: the classpath does not change while the JVM runs. */
    private static final class BuiltIn {

        static final List<ReactiveAdapter> ADAPTERS = find();

        private static List<ReactiveAdapter> find() {
            final List<ReactiveAdapter> found = new ArrayList<>();
            if (present("io.smallrye.mutiny.Uni")) {
                found.addAll(MutinyAdapters.all());
            }
            if (present("reactor.core.publisher.Mono")) {
                found.addAll(ReactorAdapters.all());
            }
            // Last: Multi, Flux and Flowable are publishers too, and keep their own adapters or kinds.
            found.addAll(PublisherAdapters.all());
            return List.copyOf(found);
        }
    }

    /** The adapter of {@code returnType}, if any. */
    public Optional<ReactiveAdapter> find(final Class<?> returnType) {
        return adapters.stream()
                .filter(adapter -> adapter.type().isAssignableFrom(returnType))
                .findFirst();
    }

    private static boolean present(final String className) {
        try {
            Class.forName(className, false, ReactiveAdapters.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
