package org.jzenith.docs.readme;

import org.jzenith.core.JZenith;
import org.jzenith.docs.users.ServiceLayerModule;
import org.jzenith.docs.users.UserResource;
import org.jzenith.opentelemetry.OpenTelemetryPlugin;
import org.jzenith.rest.RestPlugin;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/observability.md, "Tracing": a service that exports its traces over OTLP. */
public final class TracedApp {

    private TracedApp() {}

    // tag::main[]
    public static void main(final String... args) {
        JZenith.application(args)
               .withPlugins(RestPlugin.withResources(UserResource.class),
                            OpenTelemetryPlugin.forService("users"))
               .withModules(new ServiceLayerModule())
               .run();
    }
    // end::main[]
}
// spotless:on
