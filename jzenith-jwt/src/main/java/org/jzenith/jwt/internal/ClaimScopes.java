package org.jzenith.jwt.internal;

import com.google.inject.ScopeAnnotation;
import jakarta.inject.Scope;
import java.lang.annotation.Annotation;
import java.util.Set;

/**
 * Whether one object of a class serves every request, read from its annotations as the REST plugin
 * reads a resource's: {@code @RequestScoped}, {@code @Dependent} and no scope are made anew (per
 * request for a resource); {@code @Singleton}, {@code @ApplicationScoped} and other scopes are not.
 * CDI's annotations by name, so that no CDI jar is needed.
 */
final class ClaimScopes {

    private static final Set<String> MADE_ANEW =
            Set.of("jakarta.enterprise.context.RequestScoped", "jakarta.enterprise.context.Dependent");
    private static final String NORMAL_SCOPE = "jakarta.enterprise.context.NormalScope";

    private ClaimScopes() {}

    static boolean oneObjectForAllRequests(final Class<?> type) {
        for (final Annotation annotation : type.getAnnotations()) {
            final Class<? extends Annotation> scope = annotation.annotationType();
            if (MADE_ANEW.contains(scope.getName())) {
                return false;
            }
            if (scope.isAnnotationPresent(Scope.class)
                    || scope.isAnnotationPresent(ScopeAnnotation.class)
                    || isNormalScope(scope)) {
                return true;
            }
        }
        return false;
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
