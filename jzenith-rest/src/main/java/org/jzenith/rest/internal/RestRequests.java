package org.jzenith.rest.internal;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import org.jzenith.rest.internal.limits.RequestAdmission;
import org.jzenith.rest.internal.observability.RequestTracing;

/**
 * What runs a request and ends it: the threads resource methods run on, how long a suspended
 * response may wait, the bound on requests in flight, and where a request's meters and span go.
 * Made once at start-up by {@link RestAssembly}. Immutable; every component is thread-safe.
 *
 * @param registry where the request meters go
 * @param admission the bound on requests in flight
 * @param tracing the request spans, where a tracing plugin is present
 * @param virtualThreads makes the threads that resource methods run on
 * @param suspendTimeout how long a {@code @Suspended AsyncResponse} whose method sets no timeout may
 *     wait to be resumed before it is answered 503 ({@code rest.suspend-timeout})
 */
public record RestRequests(
        MeterRegistry registry,
        RequestAdmission admission,
        RequestTracing tracing,
        ThreadFactory virtualThreads,
        Duration suspendTimeout) {}
