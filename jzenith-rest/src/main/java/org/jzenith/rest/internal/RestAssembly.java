package org.jzenith.rest.internal;

import com.google.inject.Binding;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.Provider;
import com.google.inject.Scopes;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.validation.Constraint;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import jakarta.ws.rs.container.ResourceContext;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.rest.ManagementConfiguration;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.internal.binding.MultipartParts;
import org.jzenith.rest.internal.binding.PrincipalResolvers;
import org.jzenith.rest.internal.bodies.UploadsDirectory;
import org.jzenith.rest.internal.context.ContextFields;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.errors.ExceptionMappings;
import org.jzenith.rest.internal.features.DynamicFeatures;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.http.CompressionPolicy;
import org.jzenith.rest.internal.http.CorsSettings;
import org.jzenith.rest.internal.http.TlsFiles;
import org.jzenith.rest.internal.invoke.BodyWriter;
import org.jzenith.rest.internal.invoke.EndpointHandlerFactory;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.limits.RequestAdmission;
import org.jzenith.rest.internal.model.DynamicLocator;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ResourceScanner;
import org.jzenith.rest.internal.observability.AccessLog;
import org.jzenith.rest.internal.observability.RequestTracing;
import org.jzenith.rest.internal.security.Authenticating;
import org.jzenith.rest.internal.server.Listeners;
import org.jzenith.rest.internal.server.PluginRouteSupport;
import org.jzenith.rest.internal.server.ResponseHeaders;
import org.jzenith.rest.internal.server.RestServerState;
import org.jzenith.rest.internal.server.RouterFactory;
import org.jzenith.rest.internal.validation.DefaultValidators;
import org.jzenith.rest.internal.validation.LazyValidation;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.PrincipalParameters;

/**
 * Assembles the REST server of one plugin from what the application registered: checks it before
 * anything starts ({@link RestChecks}), builds the server-wide collaborators once at start, in a few
 * small values by concern ({@link RestRouting}, {@link RestResponses}, {@link RestExtensions}, {@link
 * RestRequests}, {@link RestGuards}), hands each factory those it needs, opens the listeners, and
 * closes what it made in order at stop. {@code RestPlugin} is the user-facing front that delegates
 * here.
 *
 * <p>{@link #validate}, {@link #start} and {@link #stop} are called from the application's lifecycle
 * thread, one after the other; not thread-safe otherwise.
 */
public final class RestAssembly {

    private static final Key<Set<ExceptionMapping>> EXCEPTION_MAPPINGS = Key.get(new TypeLiteral<>() {});
    private static final Key<Set<RouteContributor>> ROUTE_CONTRIBUTORS = Key.get(new TypeLiteral<>() {});
    private static final Key<Set<Authenticator>> AUTHENTICATORS = Key.get(new TypeLiteral<>() {});
    private static final Key<Set<PrincipalParameters>> PRINCIPAL_PARAMETERS = Key.get(new TypeLiteral<>() {});

    private final Registration registration;
    private final RestServerState server = new RestServerState();
    private final LazyValidation validation = new LazyValidation();

    // Set while running.
    private Optional<JsonCodec> json = Optional.empty();
    private Optional<Listeners> listeners = Optional.empty();
    private Optional<AccessLog> accessLog = Optional.empty();
    private Optional<ResponseHeaders> headers = Optional.empty();
    private Optional<UploadsDirectory> uploads = Optional.empty();

    public RestAssembly(final Registration registration) {
        this.registration = registration;
    }

    /** The Guice module that binds the resources, providers, the server and Bean Validation. */
    public List<Module> modules() {
        return List.of(new RestModule(
                registration.providers(),
                registration.singletons(),
                server,
                validation,
                registration.model(),
                Set.copyOf(registration.mappings().values())));
    }

    /** Bindings the application's own modules may replace: the Validator, and the resources' lifecycles. */
    public List<Module> defaultModules() {
        final Set<Class<?>> made =
                registration.singletons().stream().map(Object::getClass).collect(Collectors.toSet());
        final List<Class<?>> resources = registration.resources().stream()
                .filter(resource -> !made.contains(resource))
                .toList();
        return List.of(new DefaultValidators(validation), new ResourceBindings(resources));
    }

    /** Reports what cannot be served, with the rest of the configuration's problems (see {@link RestChecks}). */
    public void validate(final Validation validation) {
        json = Optional.of(RestChecks.check(registration, validation, json));
    }

    /** Builds the runtime, the handlers and the routers, and opens the listeners. */
    public Future<Void> start(final PluginContext context) {
        final RestConfiguration configuration = context.instance(RestConfiguration.class);
        final Optional<TlsFiles> tlsFiles = TlsFiles.of(configuration.tls());
        final Optional<TlsFiles.KeyMaterial> key;
        try {
            key = tlsFiles.isPresent() ? Optional.of(tlsFiles.get().read()) : Optional.empty();
        } catch (final IOException e) {
            // Checked in validate already; only a file that changed since lands here.
            return Future.failedFuture(new IllegalStateException(
                    "cannot read the TLS files " + tlsFiles.get().paths(), e));
        }
        final Collaborators runtime = runtime(context, configuration, key.isPresent());
        final ManagementConfiguration management = context.instance(ManagementConfiguration.class);
        final Set<RouteContributor> contributors = context.injector().getInstance(ROUTE_CONTRIBUTORS);
        final Router router = RouterFactory.create(
                runtime.routing(),
                runtime.responses(),
                handlers(context, runtime),
                dynamicLocators(context, runtime),
                management.port().isPresent()
                        ? contributors.stream()
                                .filter(contributor -> !contributor.management())
                                .collect(Collectors.toUnmodifiableSet())
                        : contributors,
                PluginRouteSupport.of(runtime.responses(), runtime.requests(), false));
        final Optional<Router> operators = management.port().isPresent()
                ? Optional.of(RouterFactory.management(
                        runtime.routing().vertx(),
                        contributors.stream()
                                .filter(RouteContributor::management)
                                .collect(Collectors.toUnmodifiableSet()),
                        PluginRouteSupport.of(runtime.responses(), runtime.requests(), true),
                        runtime.responses().errors()))
                : Optional.empty();
        final CoreConfiguration core = context.instance(CoreConfiguration.class);
        final int instances = configuration
                .instances()
                .orElse(core.eventLoops().orElse(Runtime.getRuntime().availableProcessors()));
        final Listeners opened = new Listeners(
                runtime.routing().vertx(),
                configuration,
                management,
                core.shutdownTimeout(),
                runtime.responses().errors()::malformed,
                runtime.requests().registry());
        listeners = Optional.of(opened);
        final Future<Void> opening = opened.open(
                new Listeners.Routers(router, operators),
                tlsFiles.map(files -> new Listeners.Tls(files, key.orElseThrow())),
                instances,
                registration.model().endpoints().size(),
                server);
        // A start that fails is not stopped: the folder goes now.
        return opening.onFailure(failure -> closeUploads());
    }

    /**
     * The server-wide collaborators, made once, by concern; each factory takes those it needs.
     *
     * @param routing what the routers are built from
     * @param responses how every response is written
     * @param extensions what the application plugs into its endpoints
     * @param requests what runs a request and ends it
     * @param guards what a request must get past before its method runs
     */
    private record Collaborators(
            RestRouting routing,
            RestResponses responses,
            RestExtensions extensions,
            RestRequests requests,
            RestGuards guards) {

        EndpointHandlerFactory endpoints() {
            return new EndpointHandlerFactory(responses, extensions, requests, guards);
        }
    }

    /**
     * The server-wide collaborators, made once. Hibernate Validator takes a few hundred milliseconds
     * and 500-odd classes to start on a cold JVM: only when something is constrained, and then on the
     * first request that needs it.
     */
    private Collaborators runtime(
            final PluginContext context, final RestConfiguration configuration, final boolean tls) {
        final Vertx vertx = context.vertx();
        final PrometheusMeterRegistry registry = context.instance(PrometheusMeterRegistry.class);
        final List<EndpointDefinition> endpoints = registration.model().endpoints();
        // The application's own Validator when it binds one, else the default, which starts
        // Hibernate Validator on the first request that validates something.
        final Optional<Validator> validator = needsValidation(endpoints)
                ? Optional.of(context.injector().getInstance(Validator.class))
                : Optional.empty();
        final List<Object> providerInstances = registration.providers().stream()
                .<Object>map(provider -> context.injector().getInstance(provider))
                .toList();
        final Providers registered = JsonPTypes.usedBy(endpoints)
                ? Providers.of(providerInstances).withBuiltInBodies(JsonPTypes.bodies())
                : Providers.of(providerInstances);
        final JsonCodec own =
                json.orElseGet(() -> JsonCodec.create(configuration.json().coerceScalars()));
        final JsonCodec codec = registered.objectMapper().map(JsonCodec::of).orElse(own);
        final ResponseHeaders responseHeaders = ResponseHeaders.start(vertx, configuration.securityHeaders(), tls);
        headers = Optional.of(responseHeaders);
        final DynamicFeatures dynamic =
                DynamicFeatures.of(providerInstances, type -> context.injector().getInstance(type));
        final boolean contextFields = registration.providers().stream().anyMatch(ContextFields::needsCurrentRequest);
        final ResponseFiltering filtering = new ResponseFiltering(registered.filters(), dynamic.any(), contextFields);
        final ErrorResponder errors = new ErrorResponder(
                registered.exceptionMappers(),
                filtering,
                new ExceptionMappings(
                        registration.mappings(), context.injector().getInstance(EXCEPTION_MAPPINGS)),
                own, // problems keep their documented shape whatever the application's mapper names
                responseHeaders,
                (routing, response) -> new BodyWriter(
                                codec,
                                Object.class,
                                List.of(MediaType.APPLICATION_JSON_TYPE),
                                responseHeaders,
                                filtering,
                                registered.messageBodies(),
                                registered.interceptors().globalWriters())
                        .response(routing, response),
                configuration.retryAfter());
        // In the order that makes the access log and the uploads folder last, after all that may fail.
        final ThreadFactory virtualThreads =
                Thread.ofVirtual().name("jzenith-rest").factory();
        final RequestAdmission admission = RequestAdmission.of(configuration.limits(), errors, registry);
        final RestGuards guards = new RestGuards(
                Authenticating.of(context.injector().getInstance(AUTHENTICATORS)),
                PrincipalResolvers.of(context.injector().getInstance(PRINCIPAL_PARAMETERS)),
                validator);
        final RequestTracing tracing = RequestTracing.of(context.instance(OpenTelemetry.class));
        final RestRouting routing = new RestRouting(
                vertx,
                configuration.maxBodySize(),
                registered.filters().preMatching(),
                uploadsDirectory(configuration, endpoints)
                        .map(directory -> directory.path().toString()),
                firstHandlers(configuration, registry));
        return new Collaborators(
                routing,
                new RestResponses(codec, errors, responseHeaders),
                new RestExtensions(registered, filtering, dynamic, contextFields, registration.reactiveAdapters()),
                new RestRequests(registry, admission, tracing, virtualThreads, configuration.suspendTimeout()),
                guards);
    }

    /** One handler per endpoint, in the order the resources declare them. */
    private Map<EndpointDefinition, Handler<RoutingContext>> handlers(
            final PluginContext context, final Collaborators runtime) {
        final EndpointHandlerFactory factory = runtime.endpoints();
        final Map<EndpointDefinition, Handler<RoutingContext>> handlers = new LinkedHashMap<>();
        // What only the start can check (the parameters plugins read) is reported for every endpoint at once.
        final List<String> problems = new ArrayList<>();
        for (final EndpointDefinition endpoint : registration.model().endpoints()) {
            try {
                handlers.put(endpoint, factory.create(endpoint, resourceSupplier(context, endpoint.resourceClass())));
            } catch (final IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return handlers;
    }

    /**
     * The handlers of the locators that return {@code Object} or {@code Class<?>}: a class one
     * returns is made as {@code ResourceContext} makes it, and its routes built when first located.
     */
    private List<Handler<RoutingContext>> dynamicLocators(final PluginContext context, final Collaborators runtime) {
        final List<DynamicLocator> locators = registration.model().dynamicLocators();
        if (locators.isEmpty()) {
            return List.of();
        }
        final EndpointHandlerFactory factory = runtime.endpoints();
        final ResourceContext resources = context.injector().getInstance(ResourceContext.class);
        final List<Handler<RoutingContext>> handlers = new ArrayList<>();
        for (final DynamicLocator locator : locators) {
            final Supplier<Object> parent = resourceSupplier(context, locator.resourceClass());
            handlers.add(factory.dynamic(locator, parent, resources::getResource, type -> {
                final Map<EndpointDefinition, Handler<RoutingContext>> located = new LinkedHashMap<>();
                for (final EndpointDefinition endpoint : ResourceScanner.locatedEndpoints(
                        locator.resourceClass(),
                        type,
                        locator.path(),
                        registration.reactiveAdapters(),
                        DynamicLocator.handOver())) {
                    located.put(endpoint, factory.create(endpoint, parent));
                }
                return RouterFactory.located(
                        runtime.routing(), runtime.responses().errors(), located);
            }));
        }
        return handlers;
    }

    /**
     * The folder for multipart file parts, made only when a resource method takes them: the
     * configured one, or a private one of this application's own (see {@link UploadsDirectory}).
     */
    private Optional<UploadsDirectory> uploadsDirectory(
            final RestConfiguration configuration, final List<EndpointDefinition> endpoints) {
        if (endpoints.stream().noneMatch(MultipartParts::takesParts)) {
            return Optional.empty();
        }
        uploads = Optional.of(configuration
                .uploadsDirectory()
                .map(UploadsDirectory::configured)
                .orElseGet(UploadsDirectory::privateTemporary));
        return uploads;
    }

    private void closeUploads() {
        uploads.ifPresent(UploadsDirectory::close);
        uploads = Optional.empty();
    }

    /** What runs before every route: the access log, CORS, then the compression decision, each only when configured. */
    private List<Handler<RoutingContext>> firstHandlers(
            final RestConfiguration configuration, final MeterRegistry registry) {
        final List<Handler<RoutingContext>> first = new ArrayList<>();
        if (configuration.accessLog().enabled()) {
            final AccessLog log = AccessLog.start(registry);
            accessLog = Optional.of(log);
            first.add(log);
        }
        CorsSettings.handler(configuration.cors()).ifPresent(first::add);
        if (configuration.compression().enabled()) {
            first.add(CompressionPolicy.of(configuration.compression()));
        }
        return List.copyOf(first);
    }

    /** Where multipart file parts go while running, when a resource method takes them; for tests. */
    public Optional<Path> uploadsDirectory() {
        return uploads.map(UploadsDirectory::path);
    }

    /** Stops listening; requests in flight may finish within {@code jzenith.shutdown-timeout}. */
    public Future<Void> stop() {
        final Future<Void> closed = listeners.map(Listeners::close).orElseGet(Future::succeededFuture);
        listeners = Optional.empty();
        server.managementBound(OptionalInt.empty());
        return closed.transform(ignored -> {
            // After the servers: the last requests' lines are in the queue by now.
            accessLog.ifPresent(AccessLog::close);
            accessLog = Optional.empty();
            headers.ifPresent(ResponseHeaders::close);
            headers = Optional.empty();
            // After the servers: no request is writing a part any more.
            closeUploads();
            validation.close();
            return Future.succeededFuture();
        });
    }

    /**
     * How a request gets its resource instance. A singleton is looked up once here: asking Guice's
     * provider on every request would enter an injection context each time, a few hundred bytes
     * of garbage per request for an answer that never changes.
     */
    private static Supplier<Object> resourceSupplier(final PluginContext context, final Class<?> resourceClass) {
        final Binding<?> binding = context.injector().getBinding(resourceClass);
        if (Scopes.isSingleton(binding)) {
            final Object instance = binding.getProvider().get();
            return () -> instance;
        }
        final Provider<?> provider = binding.getProvider();
        return provider::get;
    }

    /** Hibernate Validator takes time to start: start it only when some parameter is constrained. */
    private static boolean needsValidation(final List<EndpointDefinition> endpoints) {
        return endpoints.stream()
                .flatMap(endpoint -> endpoint.parameters().stream())
                .flatMap(parameter -> parameter.annotations().stream())
                .map(Annotation::annotationType)
                .anyMatch(type -> type == Valid.class || type.isAnnotationPresent(Constraint.class));
    }
}
