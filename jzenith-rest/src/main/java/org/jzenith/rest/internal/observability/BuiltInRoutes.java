package org.jzenith.rest.internal.observability;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthChecks;
import org.jzenith.core.health.HealthReport;
import org.jzenith.rest.internal.invoke.EndpointMetrics;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.server.ResponseHeaders;

/**
 * The endpoints every service has: {@code GET /health}, {@code /health/live}, {@code
 * /health/ready} (200 when UP, 503 when DOWN, JSON naming each check) and {@code GET /metrics}
 * (Prometheus text).
 */
public final class BuiltInRoutes {

    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
    private static final CharSequence PROMETHEUS =
            HttpHeaders.createOptimized("text/plain; version=0.0.4; charset=utf-8");

    private final HealthChecks health;
    private final PrometheusMeterRegistry registry;
    private final ObjectWriter writer;
    private final ResponseHeaders headers;

    public BuiltInRoutes(
            final HealthChecks health,
            final PrometheusMeterRegistry registry,
            final JsonCodec json,
            final ResponseHeaders headers) {
        this.health = health;
        this.registry = registry;
        this.writer = json.writerFor(HealthBody.class);
        this.headers = headers;
    }

    public void addTo(final Router router) {
        health(router, "/health", Optional.empty());
        health(router, "/health/live", Optional.of(HealthCheck.Kind.LIVENESS));
        health(router, "/health/ready", Optional.of(HealthCheck.Kind.READINESS));
        final EndpointMetrics metrics = new EndpointMetrics(registry, "GET", "/metrics");
        router.route(HttpMethod.GET, "/metrics").handler(routing -> {
            final long start = System.nanoTime();
            metrics.recordOnEnd(routing, start);
            // Scraping walks every meter: keep it off the event loop.
            routing.vertx().executeBlocking(registry::scrape, false).onComplete(outcome -> {
                if (outcome.failed()) {
                    routing.fail(outcome.cause());
                    return;
                }
                headers.addTo(routing.response().headers());
                routing.response()
                        .putHeader(HttpHeaders.CONTENT_TYPE, PROMETHEUS)
                        .end(outcome.result());
            });
        });
    }

    private void health(final Router router, final String path, final Optional<HealthCheck.Kind> kind) {
        final EndpointMetrics metrics = new EndpointMetrics(registry, "GET", path);
        router.route(HttpMethod.GET, path).handler(routing -> {
            final long start = System.nanoTime();
            metrics.recordOnEnd(routing, start);
            health.check(kind).onComplete(outcome -> {
                if (outcome.failed()) {
                    routing.fail(outcome.cause());
                } else {
                    write(routing, outcome.result());
                }
            });
        });
    }

    private void write(final RoutingContext routing, final HealthReport report) {
        final Buffer body;
        try {
            body = JsonCodec.write(writer, HealthBody.of(report));
        } catch (final JsonProcessingException e) {
            routing.fail(e);
            return;
        }
        headers.addTo(routing.response().headers());
        routing.response()
                .setStatusCode(report.isUp() ? 200 : 503)
                .putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(body);
    }
}
