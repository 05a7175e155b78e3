package org.jzenith.examples.hello;

import org.jzenith.core.JZenith;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;

/** The smallest jZenith service: {@code GET /hello?name=World} answers {@code {"message":"Hello, World!"}}. */
public final class HelloApplication {

    private HelloApplication() {}

    public static void main(final String... args) {
        application(args).run();
    }

    /** The service, configured by {@code args} and not yet started (tests start it themselves). */
    public static JZenith application(final String... args) {
        // OpenApiPlugin: /openapi.json, /openapi.yaml and Swagger UI at /swagger-ui/.
        return JZenith.application(args)
                .withPlugins(RestPlugin.withResources(HelloResource.class), OpenApiPlugin.create());
    }
}
