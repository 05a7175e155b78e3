package org.jzenith.core;

import java.util.List;
import java.util.Optional;
import org.jzenith.core.configuration.SettingProblem;

/**
 * What a {@link Plugin} checks before anything is created: settings that depend on each other or
 * must parse (a URL, a connection string), and what the plugin was given in code (resource classes,
 * say). Every problem of every plugin and of the configuration is reported at once, in one message,
 * and the application does not start.
 *
 * <pre>{@code
 * public void validate(final Validation validation) {
 *     validation.configuration(CacheConfiguration.class).ifPresent(cache -> {
 *         if (cache.url().isPresent() && cache.host().isPresent()) {
 *             validation.reject("cache.host", "no host where cache.url is set; set one of them");
 *         }
 *     });
 * }
 * }</pre>
 *
 * <p>Ranges of single values are best declared on the mapping itself, with {@link
 * org.jzenith.core.configuration.Range} and {@link org.jzenith.core.configuration.DurationRange}.
 *
 * <p>Used by the thread that starts the application, during {@link Plugin#validate}.
 */
public interface Validation {

    /**
     * The values of {@code mapping}, a configuration mapping of this application; empty when the
     * configuration could not be read at all (those problems are reported already).
     */
    <T> Optional<T> configuration(Class<T> mapping);

    /**
     * The value of a key no mapping declares, as a library that reads its own settings sees it
     * (OpenTelemetry's {@code otel.*}); from the command line, the environment ({@code
     * OTEL_SERVICE_NAME} for {@code otel.service.name}) or the files, in that order. Empty when it is
     * not set or the configuration could not be read.
     */
    Optional<String> value(String key);

    /**
     * The plugins that take part in the application (those whose {@code withPluginsIf} condition
     * holds), in start order, this one among them: for plugins that divide work between them, such
     * as two messaging connectors serving one set of channels.
     *
     * <pre>{@code
     * boolean alone = validation.plugins().stream().filter(ConnectorPlugin.class::isInstance).count() == 1;
     * }</pre>
     */
    List<Plugin> plugins();

    /**
     * Reports the value of {@code key} as not valid, naming where it came from (masked when the key
     * is secret) and what was {@code expected}: {@code "a URL such as postgresql://host/db"}.
     */
    void reject(String key, String expected);

    /**
     * Reports every one of {@code problems}, as {@link #reject(String, String)} does; the way a
     * plugin reports what its settings check found (see {@link SettingProblem}).
     */
    default void reject(final List<SettingProblem> problems) {
        problems.forEach(problem -> reject(problem.key(), problem.expected()));
    }

    /**
     * Reports a problem that is not one key's: {@code subject} is what is wrong ({@code
     * UserResource.get}), {@code origin} where it was given ({@code RestPlugin.withResources}).
     */
    void problem(String subject, String origin, String message);
}
