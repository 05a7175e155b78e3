package org.jzenith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.OtlpReceiver;

/**
 * {@code otel.traces.exporter=none}: tracing is on and exports nothing, as the start-up line says, so
 * requests still have spans (their ids in the logs, in outgoing {@code traceparent} headers and in the
 * outbox's events). The SDK alone would hand out its no-op tracer when no span processor is
 * configured, and a request without an incoming {@code traceparent} would have no trace at all.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TracingWithoutExporterIT {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String TRACEPARENT = "00-" + TRACE_ID + "-00f067aa0ba902b7-01";
    private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(TracedApplication::application)
            .withConfiguration("otel.traces.exporter", "none")
            .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
            .withConfiguration("otel.bsp.schedule.delay", "20");

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    @Test
    void aRequestWithoutTraceparentStillHasASpan() {
        final JsonNode reactive = APP.client().get("/traced/reactive").json();
        final JsonNode plain = APP.client().get("/traced/plain/ada").json();

        assertThat(reactive.get("spanTraceId").asText()).matches("[0-9a-f]{32}");
        assertThat(reactive.get("mdcTraceId").asText())
                .isEqualTo(reactive.get("spanTraceId").asText());
        assertThat(plain.get("mdcTraceId").asText()).matches("[0-9a-f]{32}");
    }

    @Test
    void anOutgoingCallCarriesANewSpanOfTheIncomingTrace() {
        final String sent =
                APP.client().get("/traced/outgoing", "traceparent", TRACEPARENT).body();

        assertThat(sent).startsWith("00-" + TRACE_ID + "-").doesNotContain("00f067aa0ba902b7");
    }

    @Test
    @Order(Integer.MAX_VALUE) // stops the service
    void nothingIsExported() {
        APP.client().get("/traced/reactive");
        APP.stop();

        assertThat(RECEIVER.exportRequests()).isZero();
    }
}
