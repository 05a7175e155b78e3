package org.jzenith.core.internal.configuration;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.core.configuration.Secrets;

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
        String previous = "";
        for (final String arg : args) {
            final int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 3) {
                problems.add(new ConfigurationProblem(
                        shown(arg, previous),
                        SOURCE,
                        "not understood: jZenith takes arguments as --key=value, such as --rest.port=8080"));
                previous = arg;
                continue;
            }
            final String key = arg.substring(2, equals);
            final String value = arg.substring(equals + 1);
            if (CONFIG_FILE_KEY.equals(key)) {
                configFile = Optional.of(Path.of(value));
            } else {
                values.put(key, value);
            }
            previous = arg;
        }
        return new CommandLine(values, configFile, problems);
    }

    /**
     * An argument that is not understood, as a problem report may show it: a mistyped {@code
     * -jdbc.password=...} or {@code --jdbc.url postgresql://app:pw@db/app} carries a password too,
     * and so does the word after a secret key given with a space ({@code --jdbc.password hunter2}).
     */
    private static String shown(final String arg, final String previous) {
        if (previous.startsWith("--") && previous.indexOf('=') < 0 && Secrets.isSecret(previous.substring(2))) {
            return Secrets.MASK;
        }
        final int equals = arg.indexOf('=');
        if (equals < 0) {
            return Secrets.maskUrl(arg);
        }
        final String key = arg.substring(0, equals).replaceFirst("^-+", "");
        return arg.substring(0, equals + 1) + Secrets.display(key, arg.substring(equals + 1));
    }
}
