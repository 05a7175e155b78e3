package org.jzenith.core.internal.configuration;

import java.util.HashMap;
import java.util.Map;

/**
 * Everything configuration is read from, in one value so that tests can supply their own
 * environment and system properties.
 *
 * @param commandLine the parsed arguments (highest precedence)
 * @param environment the process environment
 * @param systemProperties the JVM system properties
 * @param code values set with {@code JZenith.withConfiguration}
 * @param classpathResource the name of the properties resource on the classpath (lowest
 *     precedence above the defaults)
 */
public record ConfigurationInput(
        CommandLine commandLine,
        Map<String, String> environment,
        Map<String, String> systemProperties,
        Map<String, String> code,
        String classpathResource) {

    /** The properties file on the classpath that every application may ship. */
    public static final String DEFAULT_RESOURCE = "jzenith.properties";

    public ConfigurationInput {
        environment = Map.copyOf(environment);
        systemProperties = Map.copyOf(systemProperties);
        code = Map.copyOf(code);
    }

    /** The input of a real process: its arguments, environment and system properties. */
    public static ConfigurationInput ofProcess(final String[] args, final Map<String, String> code) {
        final Map<String, String> systemProperties = new HashMap<>();
        System.getProperties().forEach((key, value) -> systemProperties.put(key.toString(), value.toString()));
        return new ConfigurationInput(
                CommandLine.parse(args), System.getenv(), systemProperties, code, DEFAULT_RESOURCE);
    }
}
