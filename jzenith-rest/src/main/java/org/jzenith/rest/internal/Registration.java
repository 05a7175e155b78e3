package org.jzenith.rest.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.ReactiveAdapter;
import org.jzenith.rest.internal.adapters.ReactiveAdapters;
import org.jzenith.rest.internal.model.ResourceModel;

/**
 * What an application registered with the REST plugin, and the resource model read from it. Each
 * change makes a new registration and reads the resources again (with the adapters known then), so
 * the order of the plugin's {@code with...} calls does not matter. Immutable.
 *
 * @param resources the resource classes
 * @param providers the provider classes
 * @param singletons resources and providers an {@code Application} made itself
 * @param basePath the {@code @ApplicationPath}, empty for the root
 * @param applicationProblem why the named {@code Application} could not be read, if it could not
 * @param mappings exception types and the status they answer
 * @param adapters the application's own reactive adapters
 * @param model the endpoints read from the resources, and their problems
 */
public record Registration(
        List<Class<?>> resources,
        List<Class<?>> providers,
        List<Object> singletons,
        String basePath,
        Optional<String> applicationProblem,
        Map<Class<? extends Throwable>, Integer> mappings,
        List<ReactiveAdapter> adapters,
        ResourceModel model) {

    public Registration {
        resources = List.copyOf(resources);
        providers = List.copyOf(providers);
        singletons = List.copyOf(singletons);
        mappings = Map.copyOf(mappings);
        adapters = List.copyOf(adapters);
    }

    /** The registration of {@code resources} and nothing else. */
    public static Registration of(final List<Class<?>> resources) {
        return read(resources, List.of(), List.of(), "", Optional.empty(), Map.of(), List.of());
    }

    /** The registration of what an {@code Application} lists. */
    public static Registration of(final ApplicationClasses application, final Optional<String> problem) {
        return read(
                application.resources(),
                application.providers(),
                application.singletons(),
                application.basePath(),
                problem,
                Map.of(),
                List.of());
    }

    public Registration withMapping(final Class<? extends Throwable> exception, final int status) {
        final Map<Class<? extends Throwable>, Integer> more = new LinkedHashMap<>(mappings);
        more.put(exception, status);
        return new Registration(resources, providers, singletons, basePath, applicationProblem, more, adapters, model);
    }

    public Registration withProviders(final List<Class<?>> more) {
        final List<Class<?>> all = new ArrayList<>(providers);
        all.addAll(more);
        return new Registration(resources, all, singletons, basePath, applicationProblem, mappings, adapters, model);
    }

    /** With more adapters; the resources are read again, since a return type may be adaptable now. */
    public Registration withAdapters(final List<ReactiveAdapter> more) {
        final List<ReactiveAdapter> all = new ArrayList<>(adapters);
        all.addAll(more);
        return read(resources, providers, singletons, basePath, applicationProblem, mappings, all);
    }

    /** The application's adapters, then the built-in ones for the libraries it has. */
    public ReactiveAdapters reactiveAdapters() {
        return ReactiveAdapters.of(adapters);
    }

    private static Registration read(
            final List<Class<?>> resources,
            final List<Class<?>> providers,
            final List<Object> singletons,
            final String basePath,
            final Optional<String> applicationProblem,
            final Map<Class<? extends Throwable>, Integer> mappings,
            final List<ReactiveAdapter> adapters) {
        final ResourceModel model = ResourceModel.of(resources, basePath, ReactiveAdapters.of(adapters));
        return new Registration(
                resources, providers, singletons, basePath, applicationProblem, mappings, adapters, model);
    }
}
