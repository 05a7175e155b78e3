package org.jzenith.core;

import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;

/**
 * An extension of a jZenith application: the Guice modules it adds, the configuration it owns,
 * and what it does when the application starts and stops.
 *
 * <p>Plugins start in the order they are given to {@link JZenith#withPlugins} and stop in
 * reverse. Every hook has a no-op default, so a plugin overrides only what it needs:
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
 * <p>{@link #start} and {@link #stop} are called from the thread that runs {@link JZenith#run()}
 * and {@link JZenith#stop()}; they must not block and report completion through the future.
 */
public interface Plugin {

    /** A short, unique, lower-case name used in logs and error messages, such as {@code rest}. */
    String name();

    /** The Guice modules this plugin adds to the application's injector. */
    default List<Module> modules() {
        return List.of();
    }

    /**
     * The SmallRye {@code @ConfigMapping} interfaces this plugin owns. They are read and checked
     * at start-up together with all others, and can be injected.
     */
    default List<Class<?>> configurationMappings() {
        return List.of();
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
