package org.jzenith.opentelemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.reactivex.rxjava3.core.Single;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import org.slf4j.MDC;

/**
 * What a service's own code sees while a request is traced: the trace id in the log MDC and the
 * current span, on a virtual thread and on the event loop, and a span it starts itself.
 */
@Path("/traced")
@Produces(MediaType.APPLICATION_JSON)
public class TracedResource {

    private final Tracer tracer;
    private final HttpClient client;

    @Inject
    public TracedResource(final OpenTelemetry openTelemetry, final Vertx vertx) {
        this.tracer = openTelemetry.getTracer("traced-resource");
        this.client = vertx.createHttpClient();
    }

    /** Calls {@code /traced/echo} of this same service with Vert.x's HTTP client; answers what it saw. */
    @GET
    @Path("/outgoing")
    public CompletionStage<String> outgoing(@Context final UriInfo uri) {
        return client.request(HttpMethod.GET, uri.getBaseUri().getPort(), "127.0.0.1", "/traced/echo")
                .compose(request -> request.send().compose(HttpClientResponse::body))
                .map(Buffer::toString)
                .toCompletionStage();
    }

    /** The {@code traceparent} this request came with. */
    @GET
    @Path("/echo")
    @Produces(MediaType.TEXT_PLAIN)
    public String echo(@HeaderParam("traceparent") final String traceparent) {
        return Objects.requireNonNullElse(traceparent, "none");
    }

    /** A plain method: runs on a virtual thread. */
    @GET
    @Path("/plain/{name}")
    public Map<String, String> plain(@PathParam("name") final String name) {
        final Span work = tracer.spanBuilder("greet").startSpan();
        try (Scope _ = work.makeCurrent()) {
            work.setAttribute("greeting.name", name);
            return seen("Hello, " + name);
        } finally {
            work.end();
        }
    }

    /** A reactive method: runs on the event loop. */
    @GET
    @Path("/reactive")
    public Single<Map<String, String>> reactive() {
        return Single.just(seen("reactive"));
    }

    @GET
    @Path("/fail")
    public String fail() {
        throw new IllegalStateException("broken on purpose");
    }

    private static Map<String, String> seen(final String message) {
        return Map.of(
                "message",
                message,
                "mdcTraceId",
                Objects.requireNonNullElse(MDC.get("trace_id"), ""),
                "spanTraceId",
                Span.current().getSpanContext().isValid()
                        ? Span.current().getSpanContext().getTraceId()
                        : "");
    }
}
