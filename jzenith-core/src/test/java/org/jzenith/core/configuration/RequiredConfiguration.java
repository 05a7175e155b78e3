package org.jzenith.core.configuration;

import io.smallrye.config.ConfigMapping;

@ConfigMapping(prefix = "required")
public interface RequiredConfiguration {

    String url();
}
