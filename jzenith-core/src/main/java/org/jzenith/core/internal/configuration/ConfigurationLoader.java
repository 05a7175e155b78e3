package org.jzenith.core.internal.configuration;

import io.smallrye.config.ConfigMappings.ConfigClass;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.io.Reader;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;
import org.jzenith.core.configuration.Secrets;

/**
 * Reads the configuration from all sources, in the documented precedence, and checks it against
 * every registered mapping at once. Either returns a configuration in which every mapping is
 * valid, or throws a {@link ConfigurationException} that lists every problem.
 *
 * <p>Precedence, highest first: command line, environment, system properties, {@code
 * --config=FILE}, values set in code, {@code jzenith.properties} on the classpath, defaults.
 */
public final class ConfigurationLoader {

    // Ordinals that put the sources in the documented order; higher wins.
    static final int COMMAND_LINE_ORDINAL = 600;
    static final int ENVIRONMENT_ORDINAL = 500;
    static final int SYSTEM_PROPERTIES_ORDINAL = 400;
    static final int FILE_ORDINAL = 300;
    static final int CODE_ORDINAL = 200;
    static final int CLASSPATH_ORDINAL = 100;

    static final String CODE_SOURCE = "code (withConfiguration)";
    static final String SYSTEM_PROPERTIES_SOURCE = "system properties";

    private static final Pattern PROPERTY_IN_MESSAGE = Pattern.compile("propert(?:y|ies) ([^\\s,]+)");
    private static final Pattern SMALLRYE_CODE = Pattern.compile("SRCFG\\d+: ");
    private static final Pattern CONVERSION_CAUSE = Pattern.compile("whilst being converted (.*)$", Pattern.DOTALL);

    private ConfigurationLoader() {}

    /**
     * Loads and checks the configuration for {@code mappings} (interfaces annotated with
     * {@code @ConfigMapping}).
     *
     * @throws ConfigurationException listing every problem found
     */
    public static SmallRyeConfig load(final ConfigurationInput input, final Collection<Class<?>> mappings) {
        final Loaded loaded = read(input, mappings);
        if (!loaded.problems().isEmpty()) {
            throw new ConfigurationException(loaded.problems());
        }
        return loaded.config().orElseThrow();
    }

    /**
     * The configuration as read, and every problem found in it: unknown keys, values of the wrong
     * type, missing values and values outside their {@link Range} or {@link DurationRange}.
     *
     * @param config the configuration, unless its values could not be mapped at all
     * @param problems the problems, in the order found; empty when all is well
     */
    public record Loaded(Optional<SmallRyeConfig> config, List<ConfigurationProblem> problems) {

        public Loaded {
            problems = List.copyOf(problems);
        }
    }

    /** Reads the configuration for {@code mappings} and collects its problems without throwing. */
    public static Loaded read(final ConfigurationInput input, final Collection<Class<?>> mappings) {
        return read(input, mappings, List.of());
    }

    /**
     * As {@link #read(ConfigurationInput, Collection)}, leaving keys under {@code namespaces} (such
     * as {@code otel.}) to the plugins that own them.
     */
    public static Loaded read(
            final ConfigurationInput input, final Collection<Class<?>> mappings, final List<String> namespaces) {
        return read(input, mappings, namespaces, Map.of());
    }

    /**
     * As {@link #read(ConfigurationInput, Collection, List)}, with {@code defaults} (such as {@code
     * %dev.rest.host}) that plugins give beside their mappings' own: they rank with those, so that a
     * value from any source wins over them, and a profile's default over the plain key's default.
     */
    public static Loaded read(
            final ConfigurationInput input,
            final Collection<Class<?>> mappings,
            final List<String> namespaces,
            final Map<String, String> defaults) {
        final List<ConfigurationProblem> problems =
                new ArrayList<>(input.commandLine().problems());
        final List<ExplicitSource> explicitSources = new ArrayList<>();
        explicitSources.add(
                new ExplicitSource(CommandLine.SOURCE, input.commandLine().values(), COMMAND_LINE_ORDINAL));
        input.commandLine().configFile().ifPresent(file -> readFile(file, problems)
                .ifPresent(explicitSources::add));
        explicitSources.add(new ExplicitSource(CODE_SOURCE, input.code(), CODE_ORDINAL));
        explicitSources.addAll(readClasspath(input.classpathResource(), problems));

        final List<ConfigSource> sources = new ArrayList<>();
        explicitSources.forEach(source -> sources.add(source.toConfigSource()));
        sources.add(new EnvConfigSource(input.environment(), ENVIRONMENT_ORDINAL));
        sources.add(new PropertiesConfigSource(
                input.systemProperties(), SYSTEM_PROPERTIES_SOURCE, SYSTEM_PROPERTIES_ORDINAL));

        final Set<ConfigClass> configClasses = new LinkedHashSet<>();
        mappings.forEach(mapping -> configClasses.add(ConfigClass.configClass(mapping)));
        final KnownKeys knownKeys = KnownKeys.of(configClasses);
        for (final ExplicitSource source : explicitSources) {
            // %dev.rest.port is rest.port for the dev profile: the key after the profile must be known.
            source.values().keySet().stream()
                    .filter(key -> !knownKeys.isKnown(withoutProfile(key)))
                    .filter(key -> !leftToALibrary(withoutProfile(key), namespaces, configClasses))
                    .sorted()
                    .forEach(key -> problems.add(unknownKey(key, source.name(), knownKeys)));
        }
        final Optional<String> profile = activeProfile(explicitSources, input);

        try {
            final SmallRyeConfig config =
                    builder(sources, configClasses, profile, defaults).build();
            problems.addAll(Constraints.check(config, configClasses, input.environment()));
            return new Loaded(Optional.of(config), problems);
        } catch (final ConfigValidationException e) {
            final SmallRyeConfig raw =
                    builder(sources, Set.of(), profile, defaults).build();
            for (int i = 0; i < e.getProblemCount(); i++) {
                problems.add(describe(e.getProblem(i).getMessage(), raw, input.environment()));
            }
        } catch (final RuntimeException e) {
            final SmallRyeConfig raw =
                    builder(sources, Set.of(), profile, defaults).build();
            problems.add(describe(String.valueOf(e.getMessage()), raw, input.environment()));
        }
        return new Loaded(Optional.empty(), problems);
    }

    /**
     * Whether {@code key} lies in a namespace a plugin's library reads by itself ({@code otel.}), and
     * not under the prefix of a mapping within it ({@code otel.jzenith.}): jZenith's own keys there
     * are checked like every other, so that a misspelt one is reported rather than ignored.
     */
    private static boolean leftToALibrary(
            final String key, final List<String> namespaces, final Set<ConfigClass> configClasses) {
        return namespaces.stream().anyMatch(key::startsWith)
                && configClasses.stream().noneMatch(mapping -> key.startsWith(mapping.getPrefix() + "."));
    }

    /** The key without a leading {@code %profile.}. */
    static String withoutProfile(final String key) {
        if (!key.startsWith("%")) {
            return key;
        }
        final int dot = key.indexOf('.');
        return dot < 0 ? key : key.substring(dot + 1);
    }

    /**
     * The active profile: {@code jzenith.profile} from the sources in their usual precedence
     * (command line, environment {@code JZENITH_PROFILE}, system property, file, code, classpath).
     */
    private static Optional<String> activeProfile(
            final List<ExplicitSource> explicitSources, final ConfigurationInput input) {
        final String key = "jzenith.profile";
        final Optional<String> fromCommandLine =
                Optional.ofNullable(input.commandLine().values().get(key));
        return fromCommandLine
                .or(() -> Optional.ofNullable(input.environment().get("JZENITH_PROFILE")))
                .or(() -> Optional.ofNullable(input.systemProperties().get(key)))
                .or(() -> explicitSources.stream()
                        .sorted(java.util.Comparator.comparingInt(ExplicitSource::ordinal)
                                .reversed())
                        .map(source -> source.values().get(key))
                        .filter(java.util.Objects::nonNull)
                        .findFirst())
                .map(String::trim)
                .filter(value -> !value.isEmpty());
    }

    private static SmallRyeConfigBuilder builder(
            final List<ConfigSource> sources,
            final Set<ConfigClass> mappings,
            final Optional<String> profile,
            final Map<String, String> defaults) {
        final SmallRyeConfigBuilder builder = new SmallRyeConfigBuilder()
                .withSources(sources)
                // In SmallRye's source of defaults, with the mappings' own: a %dev. default then wins
                // over the plain default of its key, and loses to that key from any other source.
                .withDefaultValues(defaults)
                .addDefaultInterceptors()
                .withConverter(Duration.class, 200, new DurationConverter())
                // Unknown keys are checked above, for the sources a user writes on purpose.
                .withValidateUnknown(false);
        mappings.forEach(builder::withMapping);
        profile.ifPresent(builder::withProfile);
        return builder;
    }

    private static ConfigurationProblem unknownKey(final String key, final String source, final KnownKeys knownKeys) {
        final String profilePrefix =
                key.substring(0, key.length() - withoutProfile(key).length());
        final String suggestion = knownKeys
                .nearest(withoutProfile(key))
                .map(nearest -> "; did you mean " + profilePrefix + nearest + "?")
                .orElse("; no plugin or configuration mapping of this application reads it");
        return new ConfigurationProblem(key, source, "unknown key" + suggestion);
    }

    private static ConfigurationProblem describe(
            final String smallRyeMessage, final SmallRyeConfig raw, final Map<String, String> environment) {
        final Matcher property = PROPERTY_IN_MESSAGE.matcher(smallRyeMessage);
        if (!property.find()) {
            return new ConfigurationProblem("configuration", "unknown", strip(smallRyeMessage));
        }
        final String key = property.group(1);
        final ConfigValue value = raw.getConfigValue(key);
        final String message;
        if (value.getRawValue() == null) {
            message = "required, but no source sets it; set it with --" + key + "=..., the environment variable "
                    + environmentName(key) + ", or " + key + "=... in jzenith.properties";
        } else {
            final String shown = Secrets.display(key, value.getRawValue());
            final Matcher cause = CONVERSION_CAUSE.matcher(smallRyeMessage);
            final String reason = strip(cause.find() ? cause.group(1) : smallRyeMessage);
            // The reason may quote the value again: show it only as masked as above.
            final String safeReason =
                    value.getRawValue().isEmpty() ? reason : reason.replace(value.getRawValue(), shown);
            message = "\"" + shown + "\" is not valid: " + safeReason;
        }
        return new ConfigurationProblem(key, sourceName(value, environment), message);
    }

    /**
     * Where {@code value} came from, as problem reports name it: {@code command line}, {@code
     * environment REST_PORT}, {@code file /etc/service.properties}, ...
     */
    public static String describeSource(final ConfigValue value, final Map<String, String> environment) {
        return sourceName(value, environment);
    }

    static String sourceName(final ConfigValue value, final Map<String, String> environment) {
        final String source = value.getConfigSourceName();
        if (source == null) {
            return "nowhere";
        }
        if (source.startsWith(EnvConfigSource.NAME)) {
            final String name = environmentName(value.getName());
            return environment.containsKey(name) ? "environment " + name : "environment";
        }
        return source.replaceFirst("^PropertiesConfigSource\\[source=(.*)]$", "$1");
    }

    private static String strip(final String message) {
        return SMALLRYE_CODE.matcher(message).replaceAll("");
    }

    /** The environment variable that sets {@code key}: {@code rest.max-body-size} → {@code REST_MAX_BODY_SIZE}. */
    public static String environmentName(final String key) {
        return key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static Optional<ExplicitSource> readFile(final Path file, final List<ConfigurationProblem> problems) {
        final Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
            return Optional.of(new ExplicitSource("file " + file, toMap(properties), FILE_ORDINAL));
        } catch (final IOException | IllegalArgumentException e) {
            problems.add(new ConfigurationProblem(
                    CommandLine.CONFIG_FILE_KEY,
                    CommandLine.SOURCE,
                    "cannot read the configuration file " + file.toAbsolutePath() + ": " + e
                            + "; give a readable properties file with --config=PATH"));
            return Optional.empty();
        }
    }

    private static List<ExplicitSource> readClasspath(
            final String resource, final List<ConfigurationProblem> problems) {
        final List<ExplicitSource> sources = new ArrayList<>();
        try {
            final ClassLoader loader = ConfigurationLoader.class.getClassLoader();
            for (final URL url : Collections.list(loader.getResources(resource))) {
                final Properties properties = new Properties();
                try (var in = url.openStream()) {
                    properties.load(in);
                }
                sources.add(new ExplicitSource("classpath " + url, toMap(properties), CLASSPATH_ORDINAL));
            }
        } catch (final IOException | IllegalArgumentException e) {
            problems.add(new ConfigurationProblem(resource, "classpath", "cannot be read: " + e));
        }
        return sources;
    }

    private static Map<String, String> toMap(final Properties properties) {
        final Map<String, String> values = new HashMap<>();
        properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
        return values;
    }

    /** A source whose keys a user wrote on purpose, so an unknown key there is a mistake. */
    private record ExplicitSource(String name, Map<String, String> values, int ordinal) {

        ConfigSource toConfigSource() {
            return new PropertiesConfigSource(values, name, ordinal);
        }
    }
}
