package org.jzenith.rest.internal.limits;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The one counter of everything the REST plugin refuses because the server is at one of its limits:
 * {@code http.server.rejected}, tagged with the limit's {@code reason}, so that a dashboard sees every
 * kind of refusal in one place.
 *
 * <pre>{@code
 * Counter queueFull = Rejections.counter(registry, "queue full");
 * }</pre>
 */
public final class Rejections {

    private Rejections() {}

    /** The counter of refusals for {@code reason} in {@code registry}; the same one for the same reason. */
    public static Counter counter(final MeterRegistry registry, final String reason) {
        return Counter.builder("http.server.rejected")
                .description("Requests and connections refused because the server was at its limits")
                .tag("reason", reason)
                .register(registry);
    }
}
