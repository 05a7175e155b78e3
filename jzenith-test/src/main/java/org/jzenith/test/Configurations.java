package org.jzenith.test;

import java.util.Map;
import org.jzenith.core.spi.configuration.MappingReader;

/**
 * Reads a configuration mapping as an application would, from values set in code only: no
 * command line, environment, system properties or files, so that a test sees just its own values
 * (and the mapping's defaults), checked as at start-up.
 *
 * <pre>{@code
 * JdbcConfiguration jdbc = Configurations.read(JdbcConfiguration.class, Map.of("jdbc.pool.size", "3"));
 * assertThatThrownBy(() -> Configurations.read(JdbcConfiguration.class, Map.of("jdbc.pool.sise", "3")))
 *         .isInstanceOf(ConfigurationException.class);
 * }</pre>
 */
public final class Configurations {

    private Configurations() {}

    /**
     * The {@code mapping} (an interface annotated with {@code @ConfigMapping}) for {@code values}.
     *
     * @throws org.jzenith.core.configuration.ConfigurationException listing every problem, as at
     *     start-up
     */
    public static <T> T read(final Class<T> mapping, final Map<String, String> values) {
        return MappingReader.fromValues(mapping, values);
    }
}
