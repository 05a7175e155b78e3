package org.jzenith.benchmarks.debezium;

import java.util.LinkedHashMap;
import java.util.Map;

/** Command-line options as {@code key=value}. */
final class Options {

    private Options() {}

    static Map<String, String> parse(final String... args) {
        final Map<String, String> options = new LinkedHashMap<>();
        for (final String arg : args) {
            final int equals = arg.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("an option is key=value, not " + arg);
            }
            options.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        return options;
    }
}
