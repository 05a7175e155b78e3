package org.jzenith.docs.readme;

import io.vertx.core.Future;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/** The check docs/observability.md's "Health and metrics" binds; always UP, since no database is here. */
public final class DatabaseHealthCheck implements HealthCheck {

    @Override
    public String name() {
        return "database";
    }

    @Override
    public Future<HealthResult> check() {
        return Future.succeededFuture(HealthResult.up());
    }
}
