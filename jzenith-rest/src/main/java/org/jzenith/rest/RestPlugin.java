package org.jzenith.rest;

import com.google.inject.Binding;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.Provider;
import com.google.inject.Scopes;
import com.google.inject.TypeLiteral;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.validation.Constraint;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import jakarta.ws.rs.core.MediaType;
import java.lang.annotation.Annotation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthChecks;
import org.jzenith.rest.internal.RestModule;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.errors.ExceptionMappings;
import org.jzenith.rest.internal.invoke.BodyWriter;
import org.jzenith.rest.internal.invoke.EndpointHandlerFactory;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ResourceScanner;
import org.jzenith.rest.internal.observability.BuiltInRoutes;
import org.jzenith.rest.internal.server.ResponseHeaders;
import org.jzenith.rest.internal.server.RestServerState;
import org.jzenith.rest.internal.server.RestVerticle;
import org.jzenith.rest.internal.server.RouterFactory;
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
 * a reactive type runs on the event loop; any other method runs on a virtual thread. Configure
 * it under {@code rest.} ({@link RestConfiguration}).
 */
public final class RestPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(RestPlugin.class);
    private static final Key<Set<ExceptionMapping>> EXCEPTION_MAPPINGS = Key.get(new TypeLiteral<>() {});

    private final List<Class<?>> resources;
    private final Map<Class<? extends Throwable>, Integer> mappings;
    private final RestServerState server = new RestServerState();

    // Set while running; start and stop are called from the application's lifecycle thread.
    private final List<String> deployments = new ArrayList<>();
    private ResponseHeaders headers;
    private ExecutorService virtualThreads;
    private Optional<ValidatorFactory> validatorFactory = Optional.empty();

    private RestPlugin(final List<Class<?>> resources, final Map<Class<? extends Throwable>, Integer> mappings) {
        this.resources = List.copyOf(resources);
        this.mappings = Map.copyOf(mappings);
    }

    /** A REST plugin serving {@code resources}, each a class annotated with {@code @Path}. */
    public static RestPlugin withResources(final Class<?>... resources) {
        Arrays.stream(resources).forEach(resource -> Objects.requireNonNull(resource, "resource"));
        return new RestPlugin(List.of(resources), Map.of());
    }

    /**
     * Answers {@code exception} (and its subclasses, unless they have a more specific mapping)
     * with {@code status} and the exception's message as the problem detail.
     */
    public RestPlugin withMapping(final Class<? extends Throwable> exception, final int status) {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("withMapping(" + exception.getSimpleName() + ", " + status
                    + "): an exception maps to an error status, 400 to 599");
        }
        final Map<Class<? extends Throwable>, Integer> more = new LinkedHashMap<>(mappings);
        more.put(exception, status);
        return new RestPlugin(resources, more);
    }

    @Override
    public String name() {
        return "rest";
    }

    @Override
    public List<Module> modules() {
        return List.of(new RestModule(resources, server));
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(RestConfiguration.class);
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        final RestConfiguration configuration = context.instance(RestConfiguration.class);
        final Duration shutdownTimeout =
                context.instance(CoreConfiguration.class).shutdownTimeout();
        final Vertx vertx = context.vertx();
        final PrometheusMeterRegistry registry = context.instance(PrometheusMeterRegistry.class);

        final List<EndpointDefinition> endpoints = new ArrayList<>();
        resources.forEach(resource -> endpoints.addAll(ResourceScanner.scan(resource)));
        virtualThreads = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("jzenith-rest-", 0).factory());
        // Hibernate Validator and Jackson each take a few hundred milliseconds to load on a cold
        // JVM: start the validator beside Jackson rather than after it.
        final CompletableFuture<Optional<ValidatorFactory>> validation = needsValidation(endpoints)
                ? CompletableFuture.supplyAsync(() -> Optional.of(validatorFactory()), virtualThreads)
                : CompletableFuture.completedFuture(Optional.empty());
        final JsonCodec json = JsonCodec.create();
        headers = ResponseHeaders.start(vertx);
        validatorFactory = validation.join();
        final ErrorResponder errors = new ErrorResponder(
                new ExceptionMappings(mappings, context.injector().getInstance(EXCEPTION_MAPPINGS)),
                json,
                headers,
                (routing, response) -> new BodyWriter(
                                json, Object.class, List.of(MediaType.APPLICATION_JSON_TYPE), headers)
                        .response(routing, response));
        final EndpointHandlerFactory factory = new EndpointHandlerFactory(
                json, errors, headers, validatorFactory.map(ValidatorFactory::getValidator), virtualThreads, registry);
        final Map<EndpointDefinition, Handler<RoutingContext>> handlers = new LinkedHashMap<>();
        for (final EndpointDefinition endpoint : endpoints) {
            handlers.put(endpoint, factory.create(endpoint, resourceSupplier(context, endpoint.resourceClass())));
        }
        final Router router = RouterFactory.create(
                vertx,
                handlers,
                new BuiltInRoutes(context.instance(HealthChecks.class), registry, json, headers),
                errors,
                headers,
                configuration.maxBodySize());
        final int instances = configuration
                .instances()
                .orElse(context.instance(CoreConfiguration.class)
                        .eventLoops()
                        .orElse(Runtime.getRuntime().availableProcessors()));
        final Future<Integer> bound = configuration.port() == 0
                // Vert.x does not share a socket bound to port 0: bind one server to learn the port,
                // then the others to that port, all with SO_REUSEPORT so the kernel spreads connections.
                ? deploy(vertx, router, configuration, 0, true, shutdownTimeout, 1)
                        .compose(port ->
                                deploy(vertx, router, configuration, port, true, shutdownTimeout, instances - 1))
                : deploy(vertx, router, configuration, configuration.port(), false, shutdownTimeout, instances);
        return bound.map(port -> {
            server.bound(configuration.host(), port);
            LOG.info(
                    "REST server listening on http://{}:{} ({} endpoints, {} server verticles)",
                    configuration.host(),
                    port,
                    endpoints.size(),
                    instances);
            return null;
        });
    }

    /**
     * Deploys {@code count} server verticles on {@code port}; Vert.x shares one listening socket
     * among them and spreads connections across their event loops. The future holds the bound
     * port.
     */
    private Future<Integer> deploy(
            final Vertx vertx,
            final Router router,
            final RestConfiguration configuration,
            final int port,
            final boolean reusePort,
            final Duration shutdownTimeout,
            final int count) {
        if (count <= 0) {
            return Future.succeededFuture(port);
        }
        final HttpServerOptions options = new HttpServerOptions()
                .setHost(configuration.host())
                .setPort(port)
                .setTcpNoDelay(true)
                .setTcpFastOpen(true)
                .setIdleTimeout((int) configuration.idleTimeout().toMillis())
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                .setReusePort(reusePort)
                .setCompressionSupported(false);
        final List<RestVerticle> verticles = new ArrayList<>();
        return vertx.deployVerticle(
                        () -> {
                            final RestVerticle verticle = new RestVerticle(router, options, shutdownTimeout);
                            synchronized (verticles) {
                                verticles.add(verticle);
                            }
                            return verticle;
                        },
                        new DeploymentOptions().setInstances(count))
                .recover(failure -> Future.failedFuture(new IllegalStateException(
                        "cannot listen on " + configuration.host() + ":" + port + " (" + failure.getMessage()
                                + "); make sure no other process uses the port, or set rest.port to a free one"
                                + " (0 picks one)",
                        failure)))
                .map(id -> {
                    deployments.add(id);
                    synchronized (verticles) {
                        final int bound = verticles.getFirst().actualPort();
                        if (verticles.stream().anyMatch(verticle -> verticle.actualPort() != bound)) {
                            LOG.warn(
                                    "The server verticles listen on different ports: {}",
                                    verticles.stream()
                                            .map(RestVerticle::actualPort)
                                            .toList());
                        }
                        return bound;
                    }
                });
    }

    @Override
    public Future<Void> stop(final PluginContext context) {
        final List<Future<Void>> undeployed = new ArrayList<>();
        deployments.forEach(id -> undeployed.add(context.vertx().undeploy(id)));
        deployments.clear();
        return Future.join(undeployed).transform(ignored -> {
            if (headers != null) {
                headers.close();
            }
            if (virtualThreads != null) {
                virtualThreads.shutdown();
            }
            validatorFactory.ifPresent(ValidatorFactory::close);
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

    private static ValidatorFactory validatorFactory() {
        return Validation.byProvider(HibernateValidator.class)
                .configure()
                .messageInterpolator(new ParameterMessageInterpolator())
                .buildValidatorFactory();
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
