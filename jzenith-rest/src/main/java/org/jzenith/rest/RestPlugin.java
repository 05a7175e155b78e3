package org.jzenith.rest;

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
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.rest.internal.ApplicationClasses;
import org.jzenith.rest.internal.Providers;
import org.jzenith.rest.internal.Registration;
import org.jzenith.rest.internal.RestModule;
import org.jzenith.rest.internal.RestRuntime;
import org.jzenith.rest.internal.binding.ArgumentResolvers;
import org.jzenith.rest.internal.binding.MultipartParts;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.bodies.UploadsDirectory;
import org.jzenith.rest.internal.context.ContextFields;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.errors.ExceptionMappings;
import org.jzenith.rest.internal.features.DynamicFeatures;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.http.CompressionPolicy;
import org.jzenith.rest.internal.http.CorsSettings;
import org.jzenith.rest.internal.http.TlsChecks;
import org.jzenith.rest.internal.http.TlsFiles;
import org.jzenith.rest.internal.interceptors.Interceptors;
import org.jzenith.rest.internal.invoke.BodyWriter;
import org.jzenith.rest.internal.invoke.EndpointHandlerFactory;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.limits.RequestAdmission;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.observability.AccessLog;
import org.jzenith.rest.internal.observability.RequestTracing;
import org.jzenith.rest.internal.params.ParamConverters;
import org.jzenith.rest.internal.security.Authenticating;
import org.jzenith.rest.internal.server.Listeners;
import org.jzenith.rest.internal.server.PluginRouteSupport;
import org.jzenith.rest.internal.server.ResponseHeaders;
import org.jzenith.rest.internal.server.RestServerState;
import org.jzenith.rest.internal.server.RouterFactory;
import org.jzenith.rest.internal.validation.LazyValidation;
import org.jzenith.rest.security.Authenticator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves Jakarta REST resources over HTTP on Vert.x, with {@code /health}, {@code /metrics} and
 * RFC 9457 problem responses for every error.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RestPlugin.withResources(UserResource.class)
 *                               .withMapping(NoSuchUserException.class, 404))
 *        .run();
 * }</pre>
 *
 * <p>Resources are created by Guice (singletons unless they declare a scope). A method returning
 * a reactive type runs on the event loop; any other method runs on a virtual thread. Resource
 * classes are read when they are named here, and everything wrong with them is reported with the
 * rest of the configuration's problems before anything starts. The plugin starts in the {@link
 * Phase#SERVE} phase, after the stores its resources use. Configure it under {@code rest.} ({@link
 * RestConfiguration}); add routes beside the resources with a {@link RouteContributor}, and ways to
 * prove who sends a request with an {@link Authenticator} (see {@code jzenith-jwt} for bearer tokens).
 */
public final class RestPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(RestPlugin.class);
    private static final Key<Set<ExceptionMapping>> EXCEPTION_MAPPINGS = Key.get(new TypeLiteral<>() {});
    private static final Key<Set<RouteContributor>> ROUTE_CONTRIBUTORS = Key.get(new TypeLiteral<>() {});
    private static final Key<Set<Authenticator>> AUTHENTICATORS = Key.get(new TypeLiteral<>() {});
    private static final String ORIGIN = "RestPlugin.withResources";

    private final Registration registration;

    private final RestServerState server = new RestServerState();
    private final LazyValidation validation = new LazyValidation();

    // Set while running; validate, start and stop are called from the application's lifecycle thread.
    private Optional<JsonCodec> json = Optional.empty();
    private Optional<Listeners> listeners = Optional.empty();
    private Optional<AccessLog> accessLog = Optional.empty();
    private Optional<ResponseHeaders> headers = Optional.empty();
    private Optional<UploadsDirectory> uploads = Optional.empty();

    private RestPlugin(final Registration registration) {
        this.registration = registration;
    }

    /** A REST plugin serving {@code resources}, each a class annotated with {@code @Path}. */
    public static RestPlugin withResources(final Class<?>... resources) {
        Arrays.stream(resources).forEach(resource -> Objects.requireNonNull(resource, "resource"));
        return new RestPlugin(Registration.of(List.of(resources)));
    }

    /**
     * A REST plugin serving an existing Jakarta REST application: the resources and providers its
     * {@code getClasses()} lists (made by Guice, so they can inject services) and its
     * {@code getSingletons()} (used as they are), under its {@code @ApplicationPath}:
     *
     * <pre>{@code
     * @ApplicationPath("/api")
     * public class ShopApplication extends Application {
     *     public Set<Class<?>> getClasses() { return Set.of(OrderResource.class, NoSuchOrderMapper.class); }
     * }
     *
     * JZenith.application(args).withPlugins(RestPlugin.withApplication(ShopApplication.class)).run();
     * }</pre>
     *
     * <p>The application is made with its public no-argument constructor, as Jakarta REST makes it;
     * what cannot be read or served fails start-up with the other problems. Nothing is scanned: an
     * application that lists no class registers nothing.
     */
    public static RestPlugin withApplication(final Class<? extends jakarta.ws.rs.core.Application> application) {
        final ApplicationClasses classes = ApplicationClasses.of(Objects.requireNonNull(application, "application"));
        return new RestPlugin(Registration.of(
                classes,
                classes.problem()
                        .map(problem -> List.of(application.getSimpleName() + " " + problem))
                        .orElse(List.of())));
    }

    /**
     * Answers {@code exception} (and its subclasses, unless they have a more specific mapping)
     * with {@code status} (400 to 599) and the exception's message as the problem detail.
     */
    public RestPlugin withMapping(final Class<? extends Throwable> exception, final int status) {
        return new RestPlugin(registration.withMapping(Objects.requireNonNull(exception, "exception"), status));
    }

    /**
     * Adds Jakarta REST providers, created by Guice (so they can inject services), as an existing
     * Jersey or Quarkus application registers them:
     *
     * <pre>{@code
     * RestPlugin.withResources(UserResource.class)
     *           .withProviders(NoSuchUserMapper.class, JsonConfiguration.class, ApiKeyFilter.class)
     * }</pre>
     *
     * <p>Supported: {@code ExceptionMapper<E>} (a failure of type {@code E} or a subclass, unless a
     * mapper for a nearer type exists, is answered with what it returns; before {@link #withMapping}),
     * {@code ContextResolver<ObjectMapper>} (the JSON mapper bodies are read and written with), and
     * {@code ContainerRequestFilter}/{@code ContainerResponseFilter}. Any other provider fails
     * start-up, naming it.
     */
    public RestPlugin withProviders(final Class<?>... more) {
        Arrays.stream(more).forEach(provider -> Objects.requireNonNull(provider, "provider"));
        return new RestPlugin(registration.withProviders(List.of(more)));
    }

    /**
     * Lets resource methods return other libraries' asynchronous types (see {@link
     * ReactiveAdapter}); Mutiny's and Reactor's are adapted already where the application has them.
     */
    public RestPlugin withAdapters(final ReactiveAdapter... adapters) {
        Arrays.stream(adapters).forEach(adapter -> Objects.requireNonNull(adapter, "adapter"));
        return new RestPlugin(registration.withAdapters(List.of(adapters)));
    }

    @Override
    public String name() {
        return "rest";
    }

    @Override
    public Phase phase() {
        return Phase.SERVE;
    }

    @Override
    public List<Module> modules() {
        return List.of(new RestModule(
                registration.resources(),
                registration.providers(),
                registration.singletons(),
                server,
                validation,
                registration.model(),
                Set.copyOf(registration.mappings().values())));
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(RestConfiguration.class, ManagementConfiguration.class);
    }

    /**
     * Reports every resource class that cannot be read, every method whose parameters cannot be
     * bound, and every mapping to a status that is not an error.
     */
    @Override
    public void validate(final org.jzenith.core.Validation validation) {
        registration.problems().forEach(problem -> validation.problem("Providers", "RestPlugin", problem));
        registration
                .model()
                .problems()
                .forEach(problem ->
                        validation.problem(problem.resourceClass().getSimpleName(), ORIGIN, problem.message()));
        registration.mappings().forEach((exception, status) -> {
            if (status < 400 || status > 599) {
                validation.problem(
                        exception.getSimpleName(),
                        "RestPlugin.withMapping",
                        "maps to " + status + ", but an exception maps to an error status, 400 to 599");
            }
        });
        validation.configuration(RestConfiguration.class).ifPresent(rest -> {
            TlsChecks.check(rest.tls(), validation);
            CorsSettings.check(rest.cors(), validation);
        });
        Providers.problems(registration.providers())
                .forEach((provider, problem) ->
                        validation.problem(provider.getSimpleName(), "RestPlugin.withProviders", problem));
        // Jackson takes a while to load on a cold JVM; it is needed to start anyway, so make it here.
        final JsonCodec codec = json.orElseGet(() -> JsonCodec.create(validation
                .configuration(RestConfiguration.class)
                .map(rest -> rest.json().coerceScalars())
                .orElse(false)));
        json = Optional.of(codec);
        // Converter providers are made when the server starts; until then a type one of them may
        // convert is not refused (start-up refuses it then, if none does).
        final ParamConverters converters = Providers.convertsParameters(registration.providers())
                ? ParamConverters.anyType()
                : ParamConverters.none();
        for (final EndpointDefinition endpoint : registration.model().endpoints()) {
            try {
                ArgumentResolvers.compile(
                        endpoint, codec, converters, MessageBodies.none(), Interceptors.none(), () -> null);
                EndpointHandlerFactory.invoker(endpoint);
            } catch (final IllegalArgumentException e) {
                validation.problem(endpoint.displayName(), ORIGIN, e.getMessage());
            }
        }
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        final RestConfiguration configuration = context.instance(RestConfiguration.class);
        final CoreConfiguration core = context.instance(CoreConfiguration.class);
        final Vertx vertx = context.vertx();
        final PrometheusMeterRegistry registry = context.instance(PrometheusMeterRegistry.class);
        final List<EndpointDefinition> endpoints = registration.model().endpoints();

        // Hibernate Validator takes a few hundred milliseconds and 500-odd classes to start on a cold
        // JVM: only when something is constrained, and then on the first request that needs it.
        final Optional<Validator> validator =
                needsValidation(endpoints) ? Optional.of(validation.deferred()) : Optional.empty();
        final List<Object> providerInstances = registration.providers().stream()
                .<Object>map(provider -> context.injector().getInstance(provider))
                .toList();
        final Providers registered = Providers.of(providerInstances);
        final JsonCodec own =
                json.orElseGet(() -> JsonCodec.create(configuration.json().coerceScalars()));
        final JsonCodec codec = registered.objectMapper().map(JsonCodec::of).orElse(own);
        final Optional<TlsFiles> tlsFiles = TlsFiles.of(configuration.tls());
        final Optional<TlsFiles.KeyMaterial> key;
        try {
            key = tlsFiles.isPresent() ? Optional.of(tlsFiles.get().read()) : Optional.empty();
        } catch (final IOException e) {
            // Checked in validate already; only a file that changed since lands here.
            return Future.failedFuture(new IllegalStateException(
                    "cannot read the TLS files " + tlsFiles.get().paths(), e));
        }
        final ResponseHeaders responseHeaders =
                ResponseHeaders.start(vertx, configuration.securityHeaders(), key.isPresent());
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
        final RequestAdmission admission = RequestAdmission.of(configuration.limits(), errors, registry);
        final RequestTracing tracing = RequestTracing.of(context.instance(OpenTelemetry.class));
        final ThreadFactory virtualThreads =
                Thread.ofVirtual().name("jzenith-rest").factory();
        final RestRuntime runtime = new RestRuntime(
                vertx,
                registry,
                configuration,
                codec,
                errors,
                responseHeaders,
                registered,
                filtering,
                dynamic,
                contextFields,
                registration.reactiveAdapters(),
                validator,
                virtualThreads,
                admission,
                Authenticating.of(context.injector().getInstance(AUTHENTICATORS)),
                tracing,
                uploadsDirectory(configuration, endpoints)
                        .map(directory -> directory.path().toString()),
                firstHandlers(configuration, registry));
        final EndpointHandlerFactory factory = new EndpointHandlerFactory(runtime);
        final Map<EndpointDefinition, Handler<RoutingContext>> handlers = new LinkedHashMap<>();
        for (final EndpointDefinition endpoint : endpoints) {
            handlers.put(endpoint, factory.create(endpoint, resourceSupplier(context, endpoint.resourceClass())));
        }
        final ManagementConfiguration management = context.instance(ManagementConfiguration.class);
        final Set<RouteContributor> contributors = context.injector().getInstance(ROUTE_CONTRIBUTORS);
        final Set<RouteContributor> operators =
                contributors.stream().filter(RouteContributor::management).collect(Collectors.toUnmodifiableSet());
        final Router router = RouterFactory.create(
                runtime,
                handlers,
                management.port().isPresent()
                        ? contributors.stream()
                                .filter(contributor -> !contributor.management())
                                .collect(Collectors.toUnmodifiableSet())
                        : contributors,
                new PluginRouteSupport(codec, responseHeaders, errors, registry, false, tracing));
        final int instances = configuration
                .instances()
                .orElse(core.eventLoops().orElse(Runtime.getRuntime().availableProcessors()));
        final Listeners opened =
                new Listeners(vertx, configuration, management, core.shutdownTimeout(), errors::malformed, registry);
        listeners = Optional.of(opened);
        final Future<Void> opening = opened.open(
                new Listeners.Routers(
                        router,
                        management.port().isPresent()
                                ? Optional.of(RouterFactory.management(
                                        vertx,
                                        operators,
                                        new PluginRouteSupport(codec, responseHeaders, errors, registry, true, tracing),
                                        errors))
                                : Optional.empty()),
                tlsFiles.map(files -> new Listeners.Tls(files, key.orElseThrow())),
                instances,
                endpoints.size(),
                server);
        // A start that fails is not stopped: the folder goes now.
        return opening.onFailure(failure -> closeUploads());
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

    /** What runs before every route: CORS, then the compression decision, each only when configured. */
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
    Optional<Path> uploadsDirectory() {
        return uploads.map(UploadsDirectory::path);
    }

    /** Stops listening; requests in flight may finish within {@code jzenith.shutdown-timeout}. */
    @Override
    public Future<Void> stop(final PluginContext context) {
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
