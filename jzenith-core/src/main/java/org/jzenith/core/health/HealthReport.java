package org.jzenith.core.health;

import java.util.List;

/**
 * The health of the application: UP when every check is, with each check's own result.
 *
 * @param status the aggregate status
 * @param checks each check that was run, in name order
 */
public record HealthReport(HealthStatus status, List<Check> checks) {

    /** The result of one named check. */
    public record Check(String name, HealthResult result) {}

    public HealthReport {
        checks = List.copyOf(checks);
    }

    static HealthReport of(final List<Check> checks) {
        final boolean allUp = checks.stream().allMatch(check -> check.result().isUp());
        return new HealthReport(allUp ? HealthStatus.UP : HealthStatus.DOWN, checks);
    }

    public boolean isUp() {
        return status == HealthStatus.UP;
    }
}
