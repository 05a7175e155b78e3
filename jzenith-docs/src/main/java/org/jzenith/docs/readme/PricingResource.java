package org.jzenith.docs.readme;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/observability.md, "Tracing": a resource method that adds a span of its own to the request's trace. */
@Path("/prices")
public class PricingResource {

    private final Tracer tracer;

    @Inject
    public PricingResource(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("pricing");
    }

    // tag::span[]
    @GET
    @Path("/{sku}")
    public long price(@PathParam("sku") final String sku) {
        final Span span = tracer.spanBuilder("price lookup").startSpan(); // a child of the request's span
        try (Scope _ = span.makeCurrent()) {
            span.setAttribute("shop.sku", sku);
            return sku.length() * 100L;
        } finally {
            span.end();
        }
    }
    // end::span[]
}
// spotless:on
