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

    static HealthBody of(final HealthReport report) {
        return new HealthBody(
                report.status().name(),
                report.checks().stream()
                        .map(check -> new Check(
                                check.name(),
                                check.result().status().name(),
                                check.result().reason().orElse(""),
                                check.result().data()))
                        .toList());
    }
}
