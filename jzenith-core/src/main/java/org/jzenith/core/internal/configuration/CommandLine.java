package org.jzenith.core.internal.configuration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.configuration.ConfigurationProblem;

/**
 * The configuration given on the command line: {@code --key=value} pairs, and {@code
 * --config=FILE} naming a properties file to read. Anything else is a problem to report, not
 * something to skip silently.
 */
public record CommandLine(Map<String, String> values, Optional<Path> configFile, List<ConfigurationProblem> problems) {

    /** The key that names an external configuration file. */
    public static final String CONFIG_FILE_KEY = "config";

    static final String SOURCE = "command line";

    public CommandLine {
        values = Map.copyOf(values);
        problems = List.copyOf(problems);
    }

    /** Parses {@code args}; never throws, malformed arguments become {@link #problems()}. */
    public static CommandLine parse(final String... args) {
        final Map<String, String> values = new LinkedHashMap<>();
        final List<ConfigurationProblem> problems = new ArrayList<>();
        Optional<Path> configFile = Optional.empty();
        for (final String arg : args) {
            final int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 3) {
                problems.add(new ConfigurationProblem(
                        arg,
                        SOURCE,
                        "not understood: jZenith takes arguments as --key=value, such as --rest.port=8080"));
                continue;
            }
            final String key = arg.substring(2, equals);
            final String value = arg.substring(equals + 1);
            if (CONFIG_FILE_KEY.equals(key)) {
                configFile = Optional.of(Path.of(value));
            } else {
                values.put(key, value);
            }
        }
        return new CommandLine(values, configFile, problems);
    }
}
