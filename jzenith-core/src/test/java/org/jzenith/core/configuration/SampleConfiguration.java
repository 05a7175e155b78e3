package org.jzenith.core.configuration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

@ConfigMapping(prefix = "sample")
public interface SampleConfiguration {

    @WithDefault("default")
    String value();

    @Range(min = 0, max = 65535, hint = "0 picks a free port")
    @WithDefault("8080")
    int port();

    @DurationRange(min = "100ms", max = "10m")
    @WithDefault("5s")
    Duration timeout();

    @Range(min = 1)
    OptionalInt workers();

    Optional<String> password();

    @WithDefault("localhost")
    String host();
}
