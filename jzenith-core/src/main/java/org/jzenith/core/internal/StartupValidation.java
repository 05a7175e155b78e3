package org.jzenith.core.internal;

import io.smallrye.config.ConfigValue;
import io.smallrye.config.SmallRyeConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.Plugin;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.internal.configuration.ConfigurationLoader;

/** The {@link Validation} that plugins report to; collects their problems for the one start-up report. */
public final class StartupValidation implements Validation {

    private final Optional<SmallRyeConfig> config;
    private final Map<String, String> environment;
    private final List<Plugin> plugins;
    private final List<ConfigurationProblem> problems = new ArrayList<>();

    public StartupValidation(
            final Optional<SmallRyeConfig> config, final Map<String, String> environment, final List<Plugin> plugins) {
        this.config = config;
        this.environment = Map.copyOf(environment);
        this.plugins = List.copyOf(plugins);
    }

    @Override
    public List<Plugin> plugins() {
        return plugins;
    }

    @Override
    public <T> Optional<T> configuration(final Class<T> mapping) {
        return config.map(c -> c.getConfigMapping(mapping));
    }

    @Override
    public Optional<String> value(final String key) {
        return config.flatMap(c -> c.getOptionalValue(key, String.class));
    }

    @Override
    public void reject(final String key, final String expected) {
        final Optional<ConfigValue> value = config.map(c -> c.getConfigValue(key));
        final String raw = value.map(ConfigValue::getValue).orElse(null);
        final String source = value.map(v -> ConfigurationLoader.describeSource(v, environment))
                .orElse("unknown");
        final String message = raw == null
                ? "required, but no source sets it: expected " + expected
                : "\"" + Secrets.display(key, raw) + "\" is not valid: expected " + expected;
        problems.add(new ConfigurationProblem(key, source, message));
    }

    @Override
    public void problem(final String subject, final String origin, final String message) {
        problems.add(new ConfigurationProblem(subject, origin, message));
    }

    /** What the plugins reported, in order. */
    public List<ConfigurationProblem> problems() {
        return List.copyOf(problems);
    }
}
