package org.jzenith.rest.internal;

import com.google.inject.ScopeAnnotation;
import jakarta.inject.Scope;
import java.lang.annotation.Annotation;
import java.util.Optional;
import java.util.Set;

/**
 * How long one object of a root resource class lives, read from the class's annotations once at
 * start-up. Jakarta REST 3.1 (§3.1.1) makes a new object for each request unless the class says
 * otherwise; CDI's {@code @RequestScoped} and {@code @Dependent} say the same, {@code @Singleton}
 * and {@code @ApplicationScoped} keep one object. CDI's annotations are recognised by name, so that
 * jZenith does not need the CDI API on the class path (applications that copy CDI code bring it).
 */
enum ResourceLifecycle {
    /** A new object for every request (no scope, {@code @RequestScoped}, {@code @Dependent}). */
    PER_REQUEST,
    /** One object for every request ({@code @Singleton}, {@code @ApplicationScoped}). */
    SINGLETON,
    /** A Guice scope of the application's own: Guice applies it. */
    OWN_SCOPE;

    private static final Set<String> PER_REQUEST_SCOPES =
            Set.of("jakarta.enterprise.context.RequestScoped", "jakarta.enterprise.context.Dependent");
    private static final Set<String> SINGLETON_SCOPES = Set.of(
            "jakarta.inject.Singleton", "com.google.inject.Singleton", "jakarta.enterprise.context.ApplicationScoped");
    private static final String NORMAL_SCOPE = "jakarta.enterprise.context.NormalScope";

    /** The lifecycle of {@code resource}'s objects. */
    static ResourceLifecycle of(final Class<?> resource) {
        for (final Annotation annotation : resource.getAnnotations()) {
            final String name = annotation.annotationType().getName();
            if (PER_REQUEST_SCOPES.contains(name)) {
                return PER_REQUEST;
            }
            if (SINGLETON_SCOPES.contains(name)) {
                return SINGLETON;
            }
            if (isGuiceScope(annotation.annotationType())) {
                return OWN_SCOPE;
            }
        }
        return PER_REQUEST;
    }

    /**
     * Why {@code resource}'s scope cannot be served, when it cannot: a CDI scope other than request
     * and application ({@code @SessionScoped}, {@code @ConversationScoped}), which jZenith has no
     * session or conversation for.
     */
    static Optional<String> problem(final Class<?> resource) {
        for (final Annotation annotation : resource.getAnnotations()) {
            final Class<? extends Annotation> type = annotation.annotationType();
            if (!SINGLETON_SCOPES.contains(type.getName())
                    && !PER_REQUEST_SCOPES.contains(type.getName())
                    && isNormalScope(type)) {
                return Optional.of("is @" + type.getSimpleName() + ", a CDI scope jZenith does not have: use"
                        + " @RequestScoped or no scope (a new object per request), or @Singleton (one object)");
            }
        }
        return Optional.empty();
    }

    private static boolean isGuiceScope(final Class<? extends Annotation> type) {
        return type.isAnnotationPresent(Scope.class) || type.isAnnotationPresent(ScopeAnnotation.class);
    }

    private static boolean isNormalScope(final Class<? extends Annotation> type) {
        for (final Annotation meta : type.getAnnotations()) {
            if (meta.annotationType().getName().equals(NORMAL_SCOPE)) {
                return true;
            }
        }
        return false;
    }
}
