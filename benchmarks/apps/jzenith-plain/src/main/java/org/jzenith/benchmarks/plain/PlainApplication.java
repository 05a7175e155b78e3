package org.jzenith.benchmarks.plain;

import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;

/**
 * A service written the way jZenith's README shows new users: resources with plain return types,
 * no threading annotations, so every method runs on a virtual thread (jZenith's default). The
 * benchmarks measure its start-up, memory and throughput beside raw Vert.x ({@code apps/vertx}),
 * whose {@code /json}, {@code /plaintext}, {@code GET /users/{id}} and {@code POST /users} answer
 * the same.
 */
public final class PlainApplication {

    private PlainApplication() {}

    public static void main(final String... args) {
        JZenith.application(args)
                .withPlugins(RestPlugin.withResources(HelloResource.class, UserResource.class))
                .withConfiguration("rest.port", 8080)
                .run();
    }
}
