package org.jzenith.postgresql;

import java.util.List;
import java.util.Map;
import org.jzenith.core.configuration.CommandLine;
import org.jzenith.core.configuration.ConfigurationInput;
import org.jzenith.core.configuration.ConfigurationLoader;

/** {@link PostgresqlConfiguration}s read as an application would, from values set in code only. */
final class Configurations {

    private Configurations() {}

    static PostgresqlConfiguration of(final Map<String, String> values) {
        final ConfigurationInput input =
                new ConfigurationInput(CommandLine.parse(), Map.of(), Map.of(), values, "no-such-file.properties");
        return ConfigurationLoader.load(input, List.of(PostgresqlConfiguration.class))
                .getConfigMapping(PostgresqlConfiguration.class);
    }
}
