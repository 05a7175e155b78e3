package org.jzenith.rest.internal.observability;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import jakarta.inject.Inject;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.RouteSupport;

/** {@code GET /metrics}: every meter of the application in the Prometheus text format. */
public final class MetricsRoutes implements RouteContributor {

    private static final CharSequence PROMETHEUS =
            HttpHeaders.createOptimized("text/plain; version=0.0.4; charset=utf-8");

    private final PrometheusMeterRegistry registry;

    @Inject
    MetricsRoutes(final PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public boolean management() {
        return true;
    }

    @Override
    public void addRoutes(final Router router, final RouteSupport support) {
        router.get("/metrics").handler(support.timed("GET", "/metrics", routing -> routing.vertx()
                // Scraping walks every meter: keep it off the event loop.
                .executeBlocking(registry::scrape, false)
                .onComplete(outcome -> {
                    if (outcome.failed()) {
                        routing.fail(outcome.cause());
                        return;
                    }
                    support.addHeaders(routing.response());
                    routing.response()
                            .putHeader(HttpHeaders.CONTENT_TYPE, PROMETHEUS)
                            .end(outcome.result());
                })));
    }
}
