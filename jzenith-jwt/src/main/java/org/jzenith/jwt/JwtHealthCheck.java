package org.jzenith.jwt;

import io.vertx.core.Future;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.jwt.internal.JwksKeys;
import org.jzenith.jwt.internal.JwtState;

/**
 * The health check {@code jwt-keys}, there when keys come from {@code jwt.jwks-url}: UP while the
 * last fetch of the key set succeeded, DOWN with the reason when it failed (the keys fetched before
 * still verify tokens meanwhile). Both show how many keys there are and when they were read. It
 * speaks for readiness. The URL is not shown.
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"jwt-keys","status":"UP","data":{"keys":2,"since":"2026-11-24T01:02:03Z"}}]}
 * }</pre>
 *
 * <p>Never blocks. Thread-safe.
 */
public final class JwtHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "jwt-keys";

    private final JwtState state;

    @Inject
    JwtHealthCheck(final JwtState state) {
        this.state = state;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Future<HealthResult> check() {
        return Future.succeededFuture(state.running()
                .filter(running -> running.keys() instanceof JwksKeys)
                .map(running -> {
                    final JwksKeys keys = (JwksKeys) running.keys();
                    final Map<String, Object> data = new LinkedHashMap<>();
                    data.put("keys", keys.current().keyIds().size());
                    data.put("since", keys.since().toString());
                    return keys.lastFailure()
                            .map(failure -> HealthResult.down("the last fetch of the key set failed: " + failure, data))
                            .orElseGet(() -> HealthResult.up(data));
                })
                .orElseGet(() -> HealthResult.down("the jwt plugin is not running")));
    }
}
