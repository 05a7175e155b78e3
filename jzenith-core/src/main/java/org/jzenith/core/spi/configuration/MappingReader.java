package org.jzenith.core.spi.configuration;

import java.util.List;
import java.util.Map;
import org.jzenith.core.internal.configuration.CommandLine;
import org.jzenith.core.internal.configuration.ConfigurationInput;
import org.jzenith.core.internal.configuration.ConfigurationLoader;

/**
 * Reads one configuration mapping from values given in code only, checked as at start-up: for
 * test kits and tools that need a plugin's settings without a running application.
 *
 * <pre>{@code
 * JdbcConfiguration jdbc = MappingReader.fromValues(JdbcConfiguration.class, Map.of("jdbc.pool.size", "3"));
 * }</pre>
 */
public final class MappingReader {

    /** A classpath resource that does not exist, so that no {@code jzenith.properties} is read. */
    private static final String NO_FILE = "jzenith-no-such-file.properties";

    private MappingReader() {}

    /**
     * The {@code mapping} (an interface annotated with {@code @ConfigMapping}) for {@code values}
     * and the mapping's defaults; no command line, environment, system properties or files.
     *
     * @throws org.jzenith.core.configuration.ConfigurationException listing every problem
     */
    public static <T> T fromValues(final Class<T> mapping, final Map<String, String> values) {
        final ConfigurationInput input =
                new ConfigurationInput(CommandLine.parse(), Map.of(), Map.of(), values, NO_FILE);
        return ConfigurationLoader.load(input, List.of(mapping)).getConfigMapping(mapping);
    }
}
