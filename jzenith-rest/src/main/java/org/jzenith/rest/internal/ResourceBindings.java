package org.jzenith.rest.internal;

import com.google.inject.AbstractModule;
import com.google.inject.Binder;
import com.google.inject.Scopes;
import com.google.inject.binder.ScopedBindingBuilder;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Binds the root resource classes, each with its {@link ResourceLifecycle}: a new object per
 * request unless the class is a singleton or has a Guice scope of its own. One of the plugin's
 * default modules, so that an application's module may bind a resource itself (say {@code
 * bind(OrderResource.class).in(Singleton.class)} to keep one object of a class it cannot annotate),
 * and its binding wins.
 */
final class ResourceBindings extends AbstractModule {

    private final List<Class<?>> resources;

    ResourceBindings(final List<Class<?>> resources) {
        this.resources = List.copyOf(resources);
    }

    @Override
    protected void configure() {
        for (final Class<?> resource : resources) {
            if (ResourceLifecycle.problem(resource).isPresent()) {
                continue; // reported by RestChecks before anything is created
            }
            final ScopedBindingBuilder binding = bindMade(binder(), resource);
            switch (ResourceLifecycle.of(resource)) {
                // Explicitly unscoped: Guice would otherwise look for a scope bound to @Dependent.
                case PER_REQUEST -> binding.in(Scopes.NO_SCOPE);
                case SINGLETON -> binding.in(Scopes.SINGLETON);
                case OWN_SCOPE -> {} // Guice applies the class's own scope
            }
        }
    }

    /**
     * Binds {@code type}; one that Guice cannot construct by itself (a single public constructor
     * with parameters and no {@code @Inject}, the Jakarta REST and Dropwizard style) is constructed
     * through that constructor, with its parameters injected.
     */
    static <T> ScopedBindingBuilder bindMade(final Binder binder, final Class<T> type) {
        final Optional<Constructor<T>> constructor = soleUnannotatedConstructor(type);
        return constructor.isPresent() ? binder.bind(type).toConstructor(constructor.get()) : binder.bind(type);
    }

    /**
     * The one constructor of {@code type} when it takes parameters and has no {@code @Inject}: public
     * (Jakarta REST, Dropwizard) or package-private (Quarkus, where CDI uses a class's only
     * constructor). A private one is left to Guice, which refuses it saying so.
     */
    @SuppressWarnings("unchecked") // getDeclaredConstructors() of a Class<T> returns constructors of T
    private static <T> Optional<Constructor<T>> soleUnannotatedConstructor(final Class<T> type) {
        final Constructor<?>[] declared = type.getDeclaredConstructors();
        final boolean annotated = Arrays.stream(declared)
                .anyMatch(c -> c.isAnnotationPresent(jakarta.inject.Inject.class)
                        || c.isAnnotationPresent(com.google.inject.Inject.class));
        final Constructor<?>[] publicOnes = type.getConstructors();
        final Constructor<?>[] constructors = publicOnes.length == 1 ? publicOnes : declared;
        if (annotated
                || constructors.length != 1
                || constructors[0].getParameterCount() == 0
                || Modifier.isPrivate(constructors[0].getModifiers())) {
            return Optional.empty();
        }
        return Optional.of((Constructor<T>) constructors[0]);
    }
}
