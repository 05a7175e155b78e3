package org.jzenith.rest.internal;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jzenith.rest.internal.model.ResourceScanner;

/**
 * What a Jakarta REST {@link Application} subclass registers: its resource classes and provider
 * classes ({@code getClasses()}, told apart by {@code @Path}), its singletons ({@code
 * getSingletons()}, used as they are), and the path under which it serves ({@code @ApplicationPath}).
 * Read once, when the application is named; a problem is kept to be reported with all others before
 * anything starts.
 *
 * @param resources the resource classes, singletons' classes included
 * @param providers the provider classes, singletons' classes included
 * @param singletons the instances the application made itself
 * @param basePath the {@code @ApplicationPath}, empty for the root
 * @param problem why the application could not be read, if it could not
 */
public record ApplicationClasses(
        List<Class<?>> resources,
        List<Class<?>> providers,
        List<Object> singletons,
        String basePath,
        Optional<String> problem) {

    public ApplicationClasses {
        resources = List.copyOf(resources);
        providers = List.copyOf(providers);
        singletons = List.copyOf(singletons);
    }

    /** Makes {@code application} with its public no-argument constructor, as Jakarta REST does, and reads it. */
    public static ApplicationClasses of(final Class<? extends Application> application) {
        return of(application, List.of());
    }

    /**
     * Reads {@code application} with {@code beside}, resources named next to it: the usual shape
     * where a server scans, an {@code Application} only for its {@code @ApplicationPath} and empty
     * {@code getClasses()}, serves {@code beside} under that path.
     */
    @SuppressWarnings("deprecation") // getSingletons(): deprecated in Jakarta REST 4, still what applications use
    public static ApplicationClasses of(final Class<? extends Application> application, final List<Class<?>> beside) {
        final ApplicationPath path = application.getAnnotation(ApplicationPath.class);
        final String basePath = path == null ? "" : path.value();
        final Application instance;
        try {
            instance = application.getConstructor().newInstance();
        } catch (final ReflectiveOperationException | RuntimeException e) {
            final Throwable cause = e.getCause() != null ? e.getCause() : e;
            return failed(
                    basePath,
                    "cannot be made with a public no-argument constructor, as Jakarta REST makes" + " applications ("
                            + cause + ")");
        }
        final List<Class<?>> resources = new ArrayList<>();
        final List<Class<?>> providers = new ArrayList<>();
        final List<Object> singletons = new ArrayList<>();
        try {
            for (final Class<?> type : instance.getClasses()) {
                (isResource(type) ? resources : providers).add(type);
            }
            for (final Object singleton : instance.getSingletons()) {
                singletons.add(singleton);
                (isResource(singleton.getClass()) ? resources : providers).add(singleton.getClass());
            }
        } catch (final RuntimeException e) {
            return failed(basePath, "failed to list its classes and singletons (" + e + ")");
        }
        beside.stream().filter(type -> !resources.contains(type)).forEach(resources::add);
        if (resources.isEmpty()) {
            return failed(
                    basePath,
                    "registers no resource class (a class annotated with @Path) in getClasses()"
                            + " or getSingletons(); jZenith does not scan for them, so list them there or name"
                            + " them beside the application: RestPlugin.withResources(" + application.getSimpleName()
                            + ".class, SomeResource.class)");
        }
        return new ApplicationClasses(resources, providers, singletons, basePath, Optional.empty());
    }

    private static ApplicationClasses failed(final String basePath, final String problem) {
        return new ApplicationClasses(List.of(), List.of(), List.of(), basePath, Optional.of(problem));
    }

    private static boolean isResource(final Class<?> type) {
        return ResourceScanner.isResource(type);
    }
}
