package org.jzenith.openapi.internal;

import com.google.inject.Inject;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Provider;
import com.google.inject.TypeLiteral;
import java.util.HashSet;
import java.util.Set;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.openapi.OpenApiConfiguration;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.spi.ResourceEndpoints;

/**
 * {@code /openapi.json}, {@code /openapi.yaml} and {@code /swagger-ui}, unless {@code
 * rest.openapi.enabled} is false. Only the settings and the authenticators' schemes are read here,
 * when the REST plugin asks for its routes; the document is made on its first request.
 *
 * <p>The REST plugin's bindings are looked up through the injector, not injected: an application
 * without the REST plugin never asks for these routes, and its injector is still made, so that
 * {@code OpenApiPlugin} can say what is missing.
 */
public final class OpenApiContributor implements Provider<RouteContributor> {

    private static final Key<Set<Authenticator>> AUTHENTICATORS = Key.get(new TypeLiteral<>() {});
    private static final Key<Set<ExceptionMapping>> EXCEPTION_MAPPINGS = Key.get(new TypeLiteral<>() {});

    private final Injector injector;
    private final OpenApiConfiguration settings;
    private final CoreConfiguration core;

    @Inject
    OpenApiContributor(final Injector injector, final OpenApiConfiguration settings, final CoreConfiguration core) {
        this.injector = injector;
        this.settings = settings;
        this.core = core;
    }

    @Override
    public RouteContributor get() {
        if (!settings.enabled()) {
            return (router, support) -> {};
        }
        final ResourceEndpoints served = injector.getInstance(ResourceEndpoints.class);
        final RestConfiguration rest = injector.getInstance(RestConfiguration.class);
        final RestServer server = injector.getInstance(RestServer.class);
        final Set<Integer> statuses = new HashSet<>(served.mappedStatuses());
        injector.getInstance(EXCEPTION_MAPPINGS).forEach(mapping -> statuses.add(mapping.status()));
        return OpenApiRoutes.of(
                new OpenApiDocument.Info(settings.title(), settings.version(), settings.description()),
                served.endpoints(),
                statuses,
                injector.getInstance(AUTHENTICATORS).stream()
                        .map(Authenticator::scheme)
                        .toList(),
                swaggerUi(),
                rest.tls().certificate().isPresent() || rest.tls().keyStore().isPresent() ? "https" : "http",
                server::port);
    }

    /** Swagger UI as {@code rest.openapi.swagger-ui} says; unset, on except in the {@code prod} profile. */
    private boolean swaggerUi() {
        return settings.swaggerUi().orElseGet(() -> !core.profile()
                .map(profile -> profile.strip().equalsIgnoreCase("prod"))
                .orElse(false));
    }
}
