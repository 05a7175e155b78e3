package org.jzenith.rest.internal.features;

import jakarta.ws.rs.core.Feature;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expands the {@link Feature}s among the classes an application registers into what they register:
 * each is made with its public no-argument constructor (before the injector exists, as features
 * configure what the injector will make) and configured once; what it registers is registered in
 * its place, features within features too. Jersey's features for what jZenith does itself (JSON
 * with Jackson, security annotations, server-sent events) are left out, with one log line.
 */
public final class Features {

    private static final Logger LOG = LoggerFactory.getLogger(Features.class);
    private static final int MAX_DEPTH = 8;

    /** Jersey's features whose work jZenith does itself, and what it does instead. */
    private static final Map<String, String> BUILT_IN = Map.of(
            "org.glassfish.jersey.jackson.JacksonFeature", "JSON is read and written with Jackson already",
            "org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature",
                    "@RolesAllowed, @PermitAll and @DenyAll are enforced already",
            "org.glassfish.jersey.media.sse.SseFeature", "server-sent events are supported already");

    private Features() {}

    /**
     * What the classes and their features register.
     *
     * @param classes the classes that are not features, and those the features registered
     * @param instances the instances the features registered
     * @param problems a message per feature that could not be made or configured, naming it
     */
    public record Expanded(List<Class<?>> classes, List<Object> instances, List<String> problems) {

        public Expanded {
            classes = List.copyOf(classes);
            instances = List.copyOf(instances);
            problems = List.copyOf(problems);
        }
    }

    public static Expanded expand(final List<Class<?>> registered) {
        final List<Class<?>> classes = new ArrayList<>();
        final List<Object> instances = new ArrayList<>();
        final List<String> problems = new ArrayList<>();
        expand(registered, List.of(), 0, classes, instances, problems);
        return new Expanded(classes, instances, problems);
    }

    private static void expand(
            final List<Class<?>> registered,
            final List<Object> registeredInstances,
            final int depth,
            final List<Class<?>> classes,
            final List<Object> instances,
            final List<String> problems) {
        for (final Class<?> type : registered) {
            if (!Feature.class.isAssignableFrom(type)) {
                classes.add(type);
                continue;
            }
            builtIn(type)
                    .ifPresent(instead -> LOG.info(
                            "{} is not run: jZenith does its work itself ({})", type.getSimpleName(), instead));
            if (builtIn(type).isPresent()) {
                continue;
            }
            try {
                configure((Feature) type.getConstructor().newInstance(), depth, classes, instances, problems);
            } catch (final ReflectiveOperationException | RuntimeException e) {
                final Throwable cause = e.getCause() != null ? e.getCause() : e;
                problems.add(type.getSimpleName() + " is a Feature that cannot be made with a public no-argument"
                        + " constructor or configured (" + cause + ")");
            }
        }
        for (final Object instance : registeredInstances) {
            if (instance instanceof Feature feature
                    && builtIn(instance.getClass()).isEmpty()) {
                configure(feature, depth, classes, instances, problems);
            } else if (!(instance instanceof Feature)) {
                instances.add(instance);
            }
        }
    }

    private static void configure(
            final Feature feature,
            final int depth,
            final List<Class<?>> classes,
            final List<Object> instances,
            final List<String> problems) {
        if (depth >= MAX_DEPTH) {
            problems.add(feature.getClass().getSimpleName() + " registers features more than " + MAX_DEPTH
                    + " deep; is there a cycle?");
            return;
        }
        final CollectingFeatureContext context = new CollectingFeatureContext();
        if (feature.configure(context)) {
            expand(context.classes(), context.instances(), depth + 1, classes, instances, problems);
        }
    }

    private static Optional<String> builtIn(final Class<?> type) {
        return Optional.ofNullable(BUILT_IN.get(type.getName()));
    }
}
