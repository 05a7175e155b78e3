package org.jzenith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;

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
    void aValueOnlyTheSdkRefusesStopsTheStartWithItsKeyAndNothingLeftRunning() {
        final JZenith app = TracedApplication.application("--rest.port=0", "--otel.bsp.max.export.batch.size=many");

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("otel.bsp.max.export.batch.size")
                .hasMessageContaining("see the OTEL_* and otel.* settings");
        app.stop(); // returns at once: nothing had started
        assertThatThrownBy(app::start).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void keysOfTheSdkThatJzenithDoesNotCheckAreLeftToIt() {
        final JZenith app = TracedApplication.application(
                        "--rest.port=0",
                        "--otel.traces.exporter=none",
                        "--otel.resource.attributes=deployment.environment.name=test",
                        "--otel.bsp.max.queue.size=4096")
                .start();
        try {
            assertThat(app.hasPlugin("opentelemetry")).isTrue();
        } finally {
            app.stop();
        }
    }
}
