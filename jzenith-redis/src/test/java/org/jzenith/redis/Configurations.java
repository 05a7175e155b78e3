package org.jzenith.redis;

import java.util.List;
import java.util.Map;
import org.jzenith.core.configuration.CommandLine;
import org.jzenith.core.configuration.ConfigurationInput;
import org.jzenith.core.configuration.ConfigurationLoader;

/** {@link RedisConfiguration}s read as an application would, from values set in code only. */
final class Configurations {

    private Configurations() {}

    static RedisConfiguration of(final Map<String, String> values) {
        final ConfigurationInput input =
                new ConfigurationInput(CommandLine.parse(), Map.of(), Map.of(), values, "no-such-file.properties");
        return ConfigurationLoader.load(input, List.of(RedisConfiguration.class))
                .getConfigMapping(RedisConfiguration.class);
    }

    static RedisTarget target(final Map<String, String> values) {
        return RedisTarget.of(of(values));
    }
}
