package org.jzenith.rest.internal.observability;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.jzenith.core.health.HealthReport;

/** The JSON body of the health endpoints: the aggregate status and each check's. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
record HealthBody(String status, List<Check> checks) {

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record Check(String name, String status, String reason, Map<String, Object> data) {}

    /**
     * @param details whether to show why a check is down and what it reports (hosts, versions, pool
     *     figures), which is for operators only
     */
    static HealthBody of(final HealthReport report, final boolean details) {
        return new HealthBody(
                report.status().name(),
                report.checks().stream()
                        .map(check -> new Check(
                                check.name(),
                                check.result().status().name(),
                                details ? check.result().reason().orElse("") : "",
                                details ? check.result().data() : Map.of()))
                        .toList());
    }
}
