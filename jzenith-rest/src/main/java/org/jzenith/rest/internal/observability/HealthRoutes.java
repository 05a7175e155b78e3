package org.jzenith.rest.internal.observability;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import java.util.Optional;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthChecks;
import org.jzenith.core.health.HealthReport;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.RouteSupport;
import org.jzenith.rest.internal.json.JsonCodec;

/**
 * {@code GET /health}, {@code /health/live}, {@code /health/ready} and {@code /health/started}: 200
 * when UP, 503 when DOWN, with a JSON body naming each check; on the management port ({@code
 * management.port}) with each check's details too. Readiness is DOWN from the moment the
 * application starts stopping, and {@code /health/started} until every plugin has started (for a
 * startup probe).
 */
public final class HealthRoutes implements RouteContributor {

    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");

    private final HealthChecks health;

    @Inject
    HealthRoutes(final HealthChecks health) {
        this.health = health;
    }

    @Override
    public boolean management() {
        return true;
    }

    @Override
    public void addRoutes(final Router router, final RouteSupport support) {
        final ObjectWriter writer = support.json().writerFor(HealthBody.class);
        add(router, support, writer, "/health", Optional.empty());
        add(router, support, writer, "/health/live", Optional.of(HealthCheck.Kind.LIVENESS));
        add(router, support, writer, "/health/ready", Optional.of(HealthCheck.Kind.READINESS));
        add(router, support, writer, "/health/started", Optional.of(HealthCheck.Kind.STARTUP));
    }

    private void add(
            final Router router,
            final RouteSupport support,
            final ObjectWriter writer,
            final String path,
            final Optional<HealthCheck.Kind> kind) {
        router.get(path).handler(support.timed("GET", path, routing -> health.check(kind)
                .onComplete(outcome -> {
                    if (outcome.failed()) {
                        routing.fail(outcome.cause());
                    } else {
                        write(routing, support, writer, outcome.result());
                    }
                })));
    }

    private static void write(
            final RoutingContext routing,
            final RouteSupport support,
            final ObjectWriter writer,
            final HealthReport report) {
        final Buffer body;
        try {
            body = JsonCodec.write(writer, HealthBody.of(report, support.onManagementPort()));
        } catch (final JsonProcessingException e) {
            routing.fail(e);
            return;
        }
        support.addHeaders(routing.response());
        routing.response()
                .setStatusCode(report.isUp() ? 200 : 503)
                .putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(body);
    }
}
