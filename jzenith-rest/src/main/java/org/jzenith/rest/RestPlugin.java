package org.jzenith.rest;

import com.google.inject.Module;
import io.vertx.core.Future;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.rest.internal.ApplicationClasses;
import org.jzenith.rest.internal.Registration;
import org.jzenith.rest.internal.RestAssembly;
import org.jzenith.rest.security.Authenticator;

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
 * <p>Resources are created by Guice, one object per request unless they are {@code @Singleton}. A method returning
 * a reactive type runs on the event loop; any other method runs on a virtual thread. Resource
 * classes are read when they are named here, and everything wrong with them is reported with the
 * rest of the configuration's problems before anything starts. The plugin starts in the {@link
 * Phase#SERVE} phase, after the stores its resources use. Configure it under {@code rest.} ({@link
 * RestConfiguration}); add routes beside the resources with a {@link RouteContributor}, and ways to
 * prove who sends a request with an {@link Authenticator} (see {@code jzenith-jwt} for bearer tokens).
 */
public final class RestPlugin implements Plugin {

    private final Registration registration;
    private final RestAssembly assembly;

    private RestPlugin(final Registration registration) {
        this.registration = registration;
        this.assembly = new RestAssembly(registration);
    }

    /**
     * A REST plugin serving {@code resources}, each a class annotated with {@code @Path}. One of them
     * may be a Jakarta REST {@code Application} kept for its {@code @ApplicationPath}, as where a
     * server scans: the others are served under that path, with whatever it lists itself.
     *
     * <pre>{@code
     * @ApplicationPath("/api")
     * public class ShopApplication extends Application {}
     *
     * RestPlugin.withResources(ShopApplication.class, OrderResource.class) // serves /api/orders
     * }</pre>
     */
    public static RestPlugin withResources(final Class<?>... resources) {
        Arrays.stream(resources).forEach(resource -> Objects.requireNonNull(resource, "resource"));
        final List<Class<? extends jakarta.ws.rs.core.Application>> applications = Arrays.stream(resources)
                .filter(jakarta.ws.rs.core.Application.class::isAssignableFrom)
                .<Class<? extends jakarta.ws.rs.core.Application>>map(
                        type -> type.asSubclass(jakarta.ws.rs.core.Application.class))
                .toList();
        if (applications.isEmpty()) {
            return new RestPlugin(Registration.of(List.of(resources)));
        }
        final List<Class<?>> beside = Arrays.stream(resources)
                .filter(type -> !jakarta.ws.rs.core.Application.class.isAssignableFrom(type))
                .toList();
        final Class<? extends jakarta.ws.rs.core.Application> application = applications.getFirst();
        final ApplicationClasses classes = ApplicationClasses.of(application, beside);
        final List<String> problems = new ArrayList<>();
        classes.problem().ifPresent(problem -> problems.add(application.getSimpleName() + " " + problem));
        if (applications.size() > 1) {
            problems.add("withResources names " + applications.size() + " Application classes ("
                    + applications.stream().map(Class::getSimpleName).toList()
                    + "); one application is served at a time, so name one");
        }
        return new RestPlugin(Registration.of(classes, problems));
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
        return assembly.modules();
    }

    /** The {@code Validator}, which the application's own binding replaces. */
    @Override
    public List<Module> defaultModules() {
        return assembly.defaultModules();
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(RestConfiguration.class, ManagementConfiguration.class);
    }

    /**
     * In the {@code dev} profile the server listens on {@code 127.0.0.1} unless {@code rest.host} is
     * set (anywhere: command line, environment, file, code or {@code jzenith.properties}), as
     * Quarkus's dev mode listens on localhost: a service being tried out on one's own machine is not
     * open to the network without being told to be. Elsewhere the default is {@code 0.0.0.0}.
     */
    @Override
    public Map<String, String> configurationDefaults() {
        return Map.of("%dev.rest.host", "127.0.0.1");
    }

    /**
     * Reports every resource class that cannot be read, every method whose parameters cannot be
     * bound, and every mapping to a status that is not an error.
     */
    @Override
    public void validate(final Validation validation) {
        assembly.validate(validation);
    }

    /** Builds the server once from what was registered, and listens. */
    @Override
    public Future<Void> start(final PluginContext context) {
        return assembly.start(context);
    }

    /** Where multipart file parts go while running, when a resource method takes them; for tests. */
    Optional<Path> uploadsDirectory() {
        return assembly.uploadsDirectory();
    }

    /** Stops listening; requests in flight may finish within {@code jzenith.shutdown-timeout}. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        return assembly.stop();
    }
}
