package org.jzenith.core.configuration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

@ConfigMapping(prefix = "sample")
public interface SampleConfiguration {

    @WithDefault("default")
    String value();

    @WithDefault("8080")
    int port();

    @WithDefault("5s")
    Duration timeout();

    Optional<String> password();

    @WithDefault("localhost")
    String host();
}
