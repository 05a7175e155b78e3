package org.jzenith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.ReceivedSpan;

/** OpenTelemetry's settings are checked before anything starts, and its other keys are not "unknown". */
class TracingSettingsIT {

    @Test
    void reportsEveryBadSettingAtOnceBeforeAnythingStarts() {
        assertThatThrownBy(() -> TracedApplication.application(
                                "--rest.port=0",
                                "--otel.traces.sampler=sometimes",
                                "--otel.traces.sampler.arg=2",
                                "--otel.exporter.otlp.protocol=udp",
                                "--otel.exporter.otlp.endpoint=ftp://collector",
                                "--otel.traces.exporter=jaeger")
                        .start())
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(
                                e.problems().stream().map(ConfigurationProblem::key))
                        .containsExactlyInAnyOrder(
                                "otel.traces.sampler",
                                "otel.traces.sampler.arg",
                                "otel.exporter.otlp.protocol",
                                "otel.exporter.otlp.endpoint",
                                "otel.traces.exporter"))
                .hasMessageContaining("one of always_off, always_on")
                .hasMessageContaining("an http or https URL");
    }

    @Test
    void aMisspeltKeyOfJZenithsOwnIsReportedWithTheKeyItWasMeantToBe() {
        assertThatThrownBy(() -> TracedApplication.application("--rest.port=0", "--otel.jzenith.shutdown-timout=500ms")
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("otel.jzenith.shutdown-timout (command line): unknown key; "
                        + "did you mean otel.jzenith.shutdown-timeout?");
    }

    @Test
    void theExportersHeadersCarryAnApiKeyAndAreMaskedInTheProblem() {
        assertThatThrownBy(() -> TracedApplication.application(
                                "--rest.port=0", "--otel.exporter.otlp.headers=api-key-s3cr3t")
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("otel.exporter.otlp.headers")
                .hasMessageContaining("\"****\" is not valid")
                .hasMessageNotContaining("s3cr3t");
    }

    @Test
    void aValueOnlyTheSdkRefusesStopsTheStartWithItsKeyAndNothingLeftRunning() {
        final JZenith app = TracedApplication.application("--rest.port=0", "--otel.bsp.max.export.batch.size=many");

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("otel.bsp.max.export.batch.size")
                .hasMessageContaining("see the OTEL_* and otel.* settings");
        app.stop(); // returns at once: nothing had started
        assertThatThrownBy(app::start).isInstanceOf(IllegalStateException.class);
    }

    /**
     * Span limits are keys jZenith does not check: they reach the SDK, which applies them to the
     * spans it exports (one attribute kept of two, its value cut to four characters).
     */
    @Test
    void keysOfTheSdkThatJzenithDoesNotCheckAreLeftToIt() {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            final JZenith app = TracedApplication.application(
                            "--rest.port=0",
                            "--otel.exporter.otlp.endpoint=" + receiver.httpEndpoint(),
                            "--otel.bsp.schedule.delay=20",
                            "--otel.span.attribute.count.limit=1",
                            "--otel.span.attribute.value.length.limit=4")
                    .start();
            try {
                app.instance(OpenTelemetry.class)
                        .getTracer("test")
                        .spanBuilder("limited")
                        .setAttribute("first", "abcdefgh")
                        .setAttribute("second", "ijklmnop")
                        .startSpan()
                        .end();
                final ReceivedSpan limited = receiver
                        .awaitSpans(
                                spans -> spans.stream()
                                        .anyMatch(span -> span.name().equals("limited")),
                                Duration.ofSeconds(10))
                        .stream()
                        .filter(span -> span.name().equals("limited"))
                        .findFirst()
                        .orElseThrow();
                assertThat(limited.attributes()).hasSize(1);
                assertThat(limited.attributes().values()).singleElement().isIn("abcd", "ijkl");
            } finally {
                app.stop();
            }
        }
    }
}
