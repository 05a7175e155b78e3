package org.jzenith.rest.internal;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.ScopeAnnotation;
import com.google.inject.Scopes;
import com.google.inject.binder.ScopedBindingBuilder;
import com.google.inject.matcher.Matcher;
import com.google.inject.matcher.Matchers;
import com.google.inject.multibindings.Multibinder;
import jakarta.inject.Scope;
import jakarta.ws.rs.container.ResourceContext;
import jakarta.ws.rs.sse.Sse;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.internal.context.ContextFields;
import org.jzenith.rest.internal.context.GuiceResourceContext;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.PublishedModel;
import org.jzenith.rest.internal.model.ResourceModel;
import org.jzenith.rest.internal.observability.HealthRoutes;
import org.jzenith.rest.internal.observability.MetricsRoutes;
import org.jzenith.rest.internal.security.DropwizardAuth;
import org.jzenith.rest.internal.server.RestServerState;
import org.jzenith.rest.internal.sse.ServerSentEvents;
import org.jzenith.rest.internal.validation.LazyValidation;
import org.jzenith.rest.internal.validation.MethodValidation;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.PrincipalParameters;
import org.jzenith.rest.spi.ResourceEndpoints;

/**
 * Binds the Jakarta REST providers, the objects an application made itself, the server state, the built-in routes ({@code /health}, {@code
 * /metrics}) and the published description of the endpoints ({@link ResourceEndpoints}). The resources' own bindings are in {@link
 * ResourceBindings}.
 */
public final class RestModule extends AbstractModule {

    private final List<Class<?>> providers;
    private final List<Object> singletons;
    private final LazyValidation validation;
    private final RestServerState server;
    private final ResourceModel model;
    private final Set<Integer> mappedStatuses;

    public RestModule(
            final List<Class<?>> providers,
            final List<Object> singletons,
            final RestServerState server,
            final LazyValidation validation,
            final ResourceModel model,
            final Set<Integer> mappedStatuses) {
        this.model = model;
        this.mappedStatuses = Set.copyOf(mappedStatuses);
        this.providers = List.copyOf(providers);
        this.singletons = List.copyOf(singletons);
        this.server = server;
        this.validation = validation;
    }

    @Override
    protected void configure() {
        bind(RestServer.class).toInstance(server);
        final Set<Class<?>> made = new HashSet<>();
        singletons.forEach(singleton -> {
            bindInstance(singleton);
            made.add(singleton.getClass());
        });
        // Resources are bound by ResourceBindings, a default module an application's module may override.
        // Created by Guice like resources, so they can inject services.
        providers.stream().filter(provider -> !made.contains(provider)).forEach(this::bindProvider);
        RouteContributor.bind(binder()).to(HealthRoutes.class);
        RouteContributor.bind(binder()).to(MetricsRoutes.class);
        // For plugins that describe the API (jzenith-openapi); made only when one asks for it.
        bind(ResourceEndpoints.class)
                .toProvider((Provider<ResourceEndpoints>) () -> PublishedModel.of(model, mappedStatuses))
                .in(Scopes.SINGLETON);
        // The set exists, empty, for an application without authentication.
        Multibinder.newSetBinder(binder(), Authenticator.class);
        // Dropwizard's @Auth is read here; plugins add theirs (jzenith-jwt's @Claim).
        PrincipalParameters.bind(binder()).to(DropwizardAuth.class);
        bind(ResourceContext.class).to(GuiceResourceContext.class);
        // An ObjectMapper takes a while to make on a cold JVM: only for an object with an @Context Sse field.
        bindListener(Matchers.any(), new ContextFields(getProvider(ResourceContext.class), new LazySse()));
        final Matcher<Class<?>> services = MethodValidation::validates;
        final Matcher<Method> constrained = MethodValidation::isValidated;
        bindInterceptor(services, constrained, new MethodValidation(validation));
    }

    @SuppressWarnings("unchecked") // the instance is of its own class
    private <T> void bindInstance(final T singleton) {
        bind((Class<T>) singleton.getClass()).toInstance(singleton);
    }

    /** A provider: one object for every request, as Jakarta REST makes providers, unless it declares a scope. */
    private void bindProvider(final Class<?> provider) {
        final ScopedBindingBuilder binding = ResourceBindings.bindMade(binder(), provider);
        if (!hasScope(provider)) {
            binding.in(Scopes.SINGLETON);
        }
    }

    private static boolean hasScope(final Class<?> type) {
        return Arrays.stream(type.getAnnotations())
                .map(Annotation::annotationType)
                .anyMatch(a -> a.isAnnotationPresent(Scope.class) || a.isAnnotationPresent(ScopeAnnotation.class));
    }

    /** The {@code Sse} of {@code @Context Sse} fields, made when the first such field is filled. */
    private static final class LazySse implements Provider<Sse> {

        private volatile Sse made;

        @Override
        public Sse get() {
            Sse sse = made;
            if (sse == null) {
                synchronized (this) {
                    sse = made;
                    if (sse == null) {
                        sse = new ServerSentEvents(JsonCodec.create());
                        made = sse;
                    }
                }
            }
            return sse;
        }
    }
}
