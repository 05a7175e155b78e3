package org.jzenith.rest.internal.filters;

import jakarta.annotation.Priority;
import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jzenith.rest.internal.model.EndpointDefinition;

/**
 * The application's request and response filters, in the order Jakarta REST runs them: request
 * filters by ascending {@link Priority} (user level, 5000, where none is given), response filters by
 * descending priority, registration order between equals. A filter whose class carries a
 * {@link NameBinding} annotation runs only for the resource methods (or classes) that carry it too;
 * the others run for every request. Made once at start-up; immutable.
 */
public final class Filters {

    private final List<ContainerRequestFilter> preMatching;
    private final List<ContainerRequestFilter> requestFilters;
    private final List<ContainerResponseFilter> responseFilters;
    private final EndpointFilters unmatched;

    private Filters(
            final List<ContainerRequestFilter> preMatching,
            final List<ContainerRequestFilter> requestFilters,
            final List<ContainerResponseFilter> responseFilters) {
        this.preMatching = List.copyOf(preMatching);
        this.requestFilters = List.copyOf(requestFilters);
        this.responseFilters = List.copyOf(responseFilters);
        this.unmatched = new EndpointFilters(
                List.of(),
                responseFilters.stream().filter(f -> bindingsOf(f).isEmpty()).toList());
    }

    /** The filters among {@code providers}, sorted; other providers are left out. */
    public static Filters of(final List<?> providers) {
        final List<ContainerRequestFilter> requests = providers.stream()
                .filter(ContainerRequestFilter.class::isInstance)
                .map(ContainerRequestFilter.class::cast)
                .sorted(Comparator.comparingInt(Filters::priority))
                .toList();
        final List<ContainerResponseFilter> responses = providers.stream()
                .filter(ContainerResponseFilter.class::isInstance)
                .map(ContainerResponseFilter.class::cast)
                .sorted(Comparator.comparingInt(Filters::priority).reversed())
                .toList();
        return new Filters(
                requests.stream().filter(Filters::isPreMatching).toList(),
                requests.stream().filter(f -> !isPreMatching(f)).toList(),
                responses);
    }

    /** Whether {@code providerClass} is a filter that name-binds and is {@code @PreMatching} too, which cannot work. */
    public static boolean bindsAndPreMatches(final Class<?> providerClass) {
        return providerClass.isAnnotationPresent(PreMatching.class)
                && !bindings(providerClass).isEmpty();
    }

    /** Whether there is any response filter. */
    public boolean hasResponseFilters() {
        return !responseFilters.isEmpty();
    }

    /** The request filters that run before a resource method is matched. */
    public List<ContainerRequestFilter> preMatching() {
        return preMatching;
    }

    /** The filters that run for {@code endpoint}: the global ones and those bound by name to it. */
    public EndpointFilters forEndpoint(final EndpointDefinition endpoint) {
        final Set<Class<? extends Annotation>> names = Stream.concat(
                        bindings(endpoint.annotatedClass()).stream(), bindings(endpoint.method()).stream())
                .collect(Collectors.toSet());
        return new EndpointFilters(
                requestFilters.stream()
                        .filter(f -> names.containsAll(bindingsOf(f)))
                        .toList(),
                responseFilters.stream()
                        .filter(f -> names.containsAll(bindingsOf(f)))
                        .toList());
    }

    /** The filters that run for a request no resource method matched: the global response filters. */
    public EndpointFilters unmatched() {
        return unmatched;
    }

    /** Whether {@code provider} (a filter or an interceptor) runs for {@code endpoint}: it is global, or bound to it. */
    public static boolean appliesTo(final Object provider, final EndpointDefinition endpoint) {
        final Set<Class<? extends Annotation>> names = Stream.concat(
                        bindings(endpoint.annotatedClass()).stream(), bindings(endpoint.method()).stream())
                .collect(Collectors.toSet());
        return names.containsAll(bindingsOf(provider));
    }

    /** Whether {@code provider} is bound by name to no method, so runs for every request. */
    public static boolean isGlobal(final Object provider) {
        return bindingsOf(provider).isEmpty();
    }

    private static Set<Class<? extends Annotation>> bindingsOf(final Object filter) {
        return bindings(userClass(filter.getClass()));
    }

    private static Set<Class<? extends Annotation>> bindings(final AnnotatedElement element) {
        return Arrays.stream(element.getAnnotations())
                .map(Annotation::annotationType)
                .filter(type -> type.isAnnotationPresent(NameBinding.class))
                .collect(Collectors.toSet());
    }

    private static boolean isPreMatching(final ContainerRequestFilter filter) {
        return userClass(filter.getClass()).isAnnotationPresent(PreMatching.class);
    }

    /** The {@code @Priority} of a provider's class, 5000 ({@code Priorities.USER}) where it has none. */
    public static int priority(final Object filter) {
        final Priority priority = userClass(filter.getClass()).getAnnotation(Priority.class);
        return priority == null ? Priorities.USER : priority.value();
    }

    private static Class<?> userClass(final Class<?> type) {
        // Guice may subclass a provider for AOP; its annotations are on the class the user wrote.
        return type.getName().contains("$$") ? type.getSuperclass() : type;
    }
}
