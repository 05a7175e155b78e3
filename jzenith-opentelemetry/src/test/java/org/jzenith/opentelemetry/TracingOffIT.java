package org.jzenith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.OpenTelemetry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.OtlpReceiver;

/**
 * Tracing turned off, and on with nothing sampled: in neither does a span reach the receiver, even
 * when the service stops (which flushes what the SDK holds). Unsampled requests still have a trace
 * id for their logs; with tracing off there is none and the injected API is the no-op one.
 */
class TracingOffIT {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

    @RegisterExtension
    static final JZenithExtension OFF = JZenithExtension.of(TracedApplication::application)
            .withConfiguration("otel.sdk.disabled", "true")
            .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
            .withConfiguration("otel.bsp.schedule.delay", "20");

    @RegisterExtension
    static final JZenithExtension UNSAMPLED = JZenithExtension.of(TracedApplication::application)
            .withConfiguration("otel.traces.sampler", "always_off")
            .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
            .withConfiguration("otel.bsp.schedule.delay", "20");

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    @Test
    void offExportsNothingAndCostsNoTraceIds() {
        final JsonNode plain = OFF.client()
                .get("/traced/plain/ada", "traceparent", TRACEPARENT)
                .json();
        final JsonNode reactive = OFF.client().get("/traced/reactive").json();
        OFF.client().get("/traced/fail");

        assertThat(OFF.application().instance(OpenTelemetry.class)).isSameAs(OpenTelemetry.noop());
        assertThat(plain.get("mdcTraceId").asText()).isEmpty();
        assertThat(reactive.get("spanTraceId").asText()).isEmpty();
        OFF.stop();
        assertThat(RECEIVER.exportRequests()).isZero();
    }

    @Test
    void unsampledExportsNothingButLogsStillCarryTheTraceId() {
        final JsonNode plain = UNSAMPLED
                .client()
                .get("/traced/plain/ada", "traceparent", TRACEPARENT.replace("-01", "-00"))
                .json();
        final JsonNode reactive = UNSAMPLED.client().get("/traced/reactive").json();

        assertThat(plain.get("mdcTraceId").asText()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(reactive.get("mdcTraceId").asText()).hasSize(32);
        UNSAMPLED.stop();
        assertThat(RECEIVER.exportRequests()).isZero();
    }
}
