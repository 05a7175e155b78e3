package org.jzenith.core.health;

import java.util.Map;
import java.util.Optional;

/**
 * What one {@link HealthCheck} found: its status, a little data to show (sizes, versions,
 * latencies; never secrets), and for DOWN the reason.
 *
 * <pre>{@code
 * return Future.succeededFuture(HealthResult.up(Map.of("active", pool.active())));
 * }</pre>
 */
public record HealthResult(HealthStatus status, Map<String, Object> data, Optional<String> reason) {

    public HealthResult {
        data = Map.copyOf(data);
    }

    public static HealthResult up() {
        return new HealthResult(HealthStatus.UP, Map.of(), Optional.empty());
    }

    public static HealthResult up(final Map<String, Object> data) {
        return new HealthResult(HealthStatus.UP, data, Optional.empty());
    }

    public static HealthResult down(final String reason) {
        return new HealthResult(HealthStatus.DOWN, Map.of(), Optional.of(reason));
    }

    public static HealthResult down(final String reason, final Map<String, Object> data) {
        return new HealthResult(HealthStatus.DOWN, data, Optional.of(reason));
    }

    public boolean isUp() {
        return status == HealthStatus.UP;
    }
}
