package org.jzenith.rest.internal.interceptors;

import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.util.Comparator;
import java.util.List;
import org.jzenith.rest.internal.filters.Filters;
import org.jzenith.rest.internal.model.EndpointDefinition;

/**
 * The application's {@link ReaderInterceptor}s and {@link WriterInterceptor}s, by ascending
 * {@code @Priority} as Jakarta REST orders them; one bound by name runs only for the methods that
 * carry its binding, as filters do. Immutable.
 */
public final class Interceptors {

    private static final Interceptors NONE = new Interceptors(List.of(), List.of());

    private final List<ReaderInterceptor> readers;
    private final List<WriterInterceptor> writers;

    private Interceptors(final List<ReaderInterceptor> readers, final List<WriterInterceptor> writers) {
        this.readers = List.copyOf(readers);
        this.writers = List.copyOf(writers);
    }

    public static Interceptors none() {
        return NONE;
    }

    /** The interceptors among {@code providers}, sorted. */
    public static Interceptors of(final List<?> providers) {
        final List<ReaderInterceptor> readers = providers.stream()
                .filter(ReaderInterceptor.class::isInstance)
                .map(ReaderInterceptor.class::cast)
                .sorted(Comparator.comparingInt(Filters::priority))
                .toList();
        final List<WriterInterceptor> writers = providers.stream()
                .filter(WriterInterceptor.class::isInstance)
                .map(WriterInterceptor.class::cast)
                .sorted(Comparator.comparingInt(Filters::priority))
                .toList();
        return readers.isEmpty() && writers.isEmpty() ? NONE : new Interceptors(readers, writers);
    }

    /** The reader interceptors of {@code endpoint}. */
    public List<ReaderInterceptor> readersFor(final EndpointDefinition endpoint) {
        return readers.stream()
                .filter(interceptor -> Filters.appliesTo(interceptor, endpoint))
                .toList();
    }

    /** The writer interceptors of {@code endpoint}. */
    public List<WriterInterceptor> writersFor(final EndpointDefinition endpoint) {
        return writers.stream()
                .filter(interceptor -> Filters.appliesTo(interceptor, endpoint))
                .toList();
    }

    /** The writer interceptors that are not bound by name: those of responses no method answered. */
    public List<WriterInterceptor> globalWriters() {
        return writers.stream().filter(Filters::isGlobal).toList();
    }
}
