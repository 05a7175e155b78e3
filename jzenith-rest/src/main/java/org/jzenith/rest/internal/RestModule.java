package org.jzenith.rest.internal;

import com.google.inject.AbstractModule;
import com.google.inject.ScopeAnnotation;
import com.google.inject.Scopes;
import jakarta.inject.Scope;
import java.lang.annotation.Annotation;
import java.util.Arrays;
import java.util.List;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.internal.observability.HealthRoutes;
import org.jzenith.rest.internal.observability.MetricsRoutes;
import org.jzenith.rest.internal.server.RestServerState;

/**
 * Binds the resources, the server state and the built-in routes ({@code /health}, {@code
 * /metrics}). A resource without a scope annotation is a
 * singleton: one instance serves every request, as resources hold no request state.
 */
public final class RestModule extends AbstractModule {

    private final List<Class<?>> resources;
    private final RestServerState server;

    public RestModule(final List<Class<?>> resources, final RestServerState server) {
        this.resources = List.copyOf(resources);
        this.server = server;
    }

    @Override
    protected void configure() {
        bind(RestServer.class).toInstance(server);
        resources.forEach(this::bindResource);
        RouteContributor.bind(binder()).to(HealthRoutes.class);
        RouteContributor.bind(binder()).to(MetricsRoutes.class);
    }

    private void bindResource(final Class<?> resource) {
        if (hasScope(resource)) {
            bind(resource);
        } else {
            bind(resource).in(Scopes.SINGLETON);
        }
    }

    private static boolean hasScope(final Class<?> type) {
        return Arrays.stream(type.getAnnotations())
                .map(Annotation::annotationType)
                .anyMatch(a -> a.isAnnotationPresent(Scope.class) || a.isAnnotationPresent(ScopeAnnotation.class));
    }
}
