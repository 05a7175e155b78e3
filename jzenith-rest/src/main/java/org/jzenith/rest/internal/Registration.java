package org.jzenith.rest.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jzenith.rest.ReactiveAdapter;
import org.jzenith.rest.internal.adapters.ReactiveAdapters;
import org.jzenith.rest.internal.features.Features;
import org.jzenith.rest.internal.model.ResourceModel;

/**
 * What an application registered with the REST plugin, and the resource model read from it. Each
 * change makes a new registration and reads the resources again (with the adapters known then), so
 * the order of the plugin's {@code with...} calls does not matter. Features among the providers are
 * expanded into what they register as soon as they are named. Immutable.
 *
 * @param resources the resource classes
 * @param providers the provider classes
 * @param singletons resources and providers an {@code Application} or a {@code Feature} made itself
 * @param basePath the {@code @ApplicationPath}, empty for the root
 * @param problems what could not be read of the named {@code Application} and features
 * @param mappings exception types and the status they answer
 * @param adapters the application's own reactive adapters
 * @param model the endpoints read from the resources, and their problems
 */
public record Registration(
        List<Class<?>> resources,
        List<Class<?>> providers,
        List<Object> singletons,
        String basePath,
        List<String> problems,
        Map<Class<? extends Throwable>, Integer> mappings,
        List<ReactiveAdapter> adapters,
        ResourceModel model) {

    public Registration {
        resources = List.copyOf(resources);
        providers = List.copyOf(providers);
        singletons = List.copyOf(singletons);
        problems = List.copyOf(problems);
        mappings = Map.copyOf(mappings);
        adapters = List.copyOf(adapters);
    }

    /** The registration of {@code resources} and nothing else. */
    public static Registration of(final List<Class<?>> resources) {
        return read(resources, List.of(), List.of(), "", List.of(), Map.of(), List.of());
    }

    /** The registration of what an {@code Application} lists, its features expanded. */
    public static Registration of(final ApplicationClasses application, final List<String> problems) {
        final Features.Expanded providers = Features.expand(application.providers());
        final List<Object> singletons = new ArrayList<>(application.singletons());
        singletons.addAll(providers.instances());
        final List<String> all = new ArrayList<>(problems);
        all.addAll(providers.problems());
        return read(
                application.resources(),
                withClassesOf(providers.classes(), providers.instances()),
                singletons,
                application.basePath(),
                all,
                Map.of(),
                List.of());
    }

    public Registration withMapping(final Class<? extends Throwable> exception, final int status) {
        final Map<Class<? extends Throwable>, Integer> more = new LinkedHashMap<>(mappings);
        more.put(exception, status);
        return new Registration(resources, providers, singletons, basePath, problems, more, adapters, model);
    }

    /** With more providers; features among them are made and configured now, and what they register added. */
    public Registration withProviders(final List<Class<?>> more) {
        final Features.Expanded expanded = Features.expand(more);
        final List<Class<?>> all = new ArrayList<>(providers);
        all.addAll(withClassesOf(expanded.classes(), expanded.instances()));
        final List<Object> made = new ArrayList<>(singletons);
        made.addAll(expanded.instances());
        final List<String> allProblems = new ArrayList<>(problems);
        allProblems.addAll(expanded.problems());
        return new Registration(resources, all, made, basePath, allProblems, mappings, adapters, model);
    }

    /** With more adapters; the resources are read again, since a return type may be adaptable now. */
    public Registration withAdapters(final List<ReactiveAdapter> more) {
        final List<ReactiveAdapter> all = new ArrayList<>(adapters);
        all.addAll(more);
        return read(resources, providers, singletons, basePath, problems, mappings, all);
    }

    /** The application's adapters, then the built-in ones for the libraries it has. */
    public ReactiveAdapters reactiveAdapters() {
        return ReactiveAdapters.of(adapters);
    }

    /** {@code classes} and the classes of {@code instances}: each instance is its class's provider. */
    private static List<Class<?>> withClassesOf(final List<Class<?>> classes, final List<Object> instances) {
        final List<Class<?>> all = new ArrayList<>(classes);
        instances.forEach(instance -> all.add(instance.getClass()));
        return all;
    }

    private static Registration read(
            final List<Class<?>> resources,
            final List<Class<?>> providers,
            final List<Object> singletons,
            final String basePath,
            final List<String> problems,
            final Map<Class<? extends Throwable>, Integer> mappings,
            final List<ReactiveAdapter> adapters) {
        final ResourceModel model = ResourceModel.of(resources, basePath, ReactiveAdapters.of(adapters));
        return new Registration(resources, providers, singletons, basePath, problems, mappings, adapters, model);
    }
}
