package org.jzenith.core;

import com.google.inject.Module;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Future;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An extension of a jZenith application: the Guice modules it adds, the configuration it owns,
 * what it checks before anything starts, and what it does when the application starts and stops.
 *
 * <p>Plugins start by {@link #phase()}, those of one phase in the order they are given to {@link
 * JZenith#withPlugins}, and stop in reverse: a store connects before the REST server opens, and the
 * server drains before the store closes, whatever order the user writes them in. Every hook has a
 * no-op default, so a plugin overrides only what it needs:
 *
 * <pre>{@code
 * public final class GreetingPlugin implements Plugin {
 *     public String name() { return "greeting"; }
 *     public List<Class<?>> configurationMappings() { return List.of(GreetingConfiguration.class); }
 *     public Future<Void> start(PluginContext context) {
 *         return context.instance(GreetingServer.class).listen();
 *     }
 * }
 * }</pre>
 *
 * <p>The order of events: every plugin's {@link #configurationMappings()} are read and checked and
 * every active plugin's {@link #validate} runs (all problems are reported at once, and nothing is
 * created if there are any); then Vert.x and the injector (with every plugin's {@link #modules()})
 * are created; then {@link #start} is called phase by phase. {@link #validate}, {@link #start} and
 * {@link #stop} are called from the thread that starts or stops the application; start and stop
 * must not block it and report completion through the future.
 */
public interface Plugin {

    /** When a plugin starts, relative to the others. */
    enum Phase {
        /** Connects to what the application depends on: databases, caches, brokers. Starts first. */
        CONNECT,
        /** Whatever else a service sets up before it takes traffic (the default). */
        PREPARE,
        /**
         * Opens the application to traffic: HTTP servers, consumers. Starts last, once everything it
         * serves from is ready, and stops first, so that work in flight finishes against live stores.
         */
        SERVE
    }

    /** A short, unique, lower-case name used in logs and error messages, such as {@code rest}. */
    String name();

    /** When this plugin starts; {@link Phase#PREPARE} unless it says otherwise. */
    default Phase phase() {
        return Phase.PREPARE;
    }

    /** The Guice modules this plugin adds to the application's injector. */
    default List<Module> modules() {
        return List.of();
    }

    /**
     * Bindings this plugin makes only as defaults: a key the application's own modules ({@code
     * JZenith.withModules}) bind too is theirs, as a user's bean wins over auto-configuration.
     * For a type applications commonly bind themselves, such as a {@code jakarta.validation.Validator}:
     *
     * <pre>{@code
     * public List<Module> defaultModules() {
     *     return List.of(binder -> binder.bind(Validator.class).toProvider(validation::validator));
     * }
     * }</pre>
     */
    default List<Module> defaultModules() {
        return List.of();
    }

    /**
     * The SmallRye {@code @ConfigMapping} interfaces this plugin owns. They are read and checked
     * at start-up together with all others, and can be injected.
     */
    default List<Class<?>> configurationMappings() {
        return List.of();
    }

    /**
     * Key prefixes, such as {@code otel.}, whose keys a library this plugin wraps reads by itself:
     * jZenith does not report them as unknown, and the plugin checks the ones it knows in {@link
     * #validate}. Empty for plugins whose settings are all in {@link #configurationMappings()}.
     */
    default List<String> configurationNamespaces() {
        return List.of();
    }

    /**
     * Defaults this plugin gives its own keys beyond the {@code @WithDefault} of its mappings, above
     * those and below every source a user writes ({@code jzenith.properties} included): chiefly a
     * default for one profile, such as {@code %dev.rest.host=127.0.0.1}, which any {@code rest.host}
     * the application sets, anywhere, overrides.
     *
     * <pre>{@code
     * public Map<String, String> configurationDefaults() {
     *     return Map.of("%dev.greeting.host", "127.0.0.1");
     * }
     * }</pre>
     */
    default Map<String, String> configurationDefaults() {
        return Map.of();
    }

    /**
     * Reports what is wrong with this plugin's settings or with what it was given, before anything
     * is created; see {@link Validation}.
     */
    default void validate(Validation validation) {}

    /**
     * The OpenTelemetry this plugin makes for the application, from its checked configuration,
     * before Vert.x is made: Vert.x's servers and clients then trace through it, and it is bound for
     * injection. Empty for every plugin but a tracing one; at most one plugin of an application may
     * give one. When none does, an application's {@code OpenTelemetry} is the no-op one and tracing
     * costs nothing.
     *
     * <pre>{@code
     * public Optional<OpenTelemetry> openTelemetry(final SmallRyeConfig config) {
     *     return Optional.of(OpenTelemetrySdk.builder().setTracerProvider(tracers).build());
     * }
     * }</pre>
     */
    default Optional<OpenTelemetry> openTelemetry(SmallRyeConfig config) {
        return Optional.empty();
    }

    /** Starts the plugin once the injector exists; the application is ready when all have. */
    default Future<Void> start(PluginContext context) {
        return Future.succeededFuture();
    }

    /** Stops the plugin; called in reverse start order, only for plugins that started. */
    default Future<Void> stop(PluginContext context) {
        return Future.succeededFuture();
    }
}
