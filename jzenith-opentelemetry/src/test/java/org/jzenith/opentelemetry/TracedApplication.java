package org.jzenith.opentelemetry;

import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;

/** A service with the traced resource and the tracing plugin, as a user writes one. */
final class TracedApplication {

    private TracedApplication() {}

    static JZenith application(final String... args) {
        return JZenith.application(args)
                .withPlugins(
                        RestPlugin.withResources(TracedResource.class), OpenTelemetryPlugin.forService("traced-test"));
    }
}
