package org.jzenith.examples.hello;

import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;

/** The smallest jZenith service: {@code GET /hello?name=World} answers {@code {"message":"Hello, World!"}}. */
public final class HelloApplication {

    private HelloApplication() {}

    public static void main(final String... args) {
        start(args);
    }

    /** Starts the service; tests call this with their own arguments. */
    public static JZenith start(final String... args) {
        return JZenith.application(args)
                .withPlugins(RestPlugin.withResources(HelloResource.class))
                .run();
    }
}
