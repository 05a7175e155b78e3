package org.jzenith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.net.Ports;
import org.slf4j.LoggerFactory;

/**
 * A collector that is away or failing: start-up says where spans go, an outage is one WARN line
 * naming the endpoint (no stack trace, from jZenith or from the SDK), recovery one INFO line, and
 * stopping waits no longer than {@code otel.jzenith.shutdown-timeout} for the last spans.
 */
class TracingExportFailureIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofMillis(300);
    /** What stopping the rest of the service may take on a busy machine, beyond the tracing bound. */
    private static final Duration MARGIN = Duration.ofMillis(1000);

    private static final String REPORTER = "org.jzenith.opentelemetry.internal.ReportingSpanExporter";

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void captureTheLog() {
        lines.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        lines.start();
        root().addAppender(lines);
    }

    @AfterEach
    void stopCapturing() {
        root().detachAppender(lines);
    }

    @Test
    void anUnreachableCollectorIsOneWarningWithoutStackTraceAndStopIsBounded() {
        final String endpoint = "http://127.0.0.1:" + Ports.free();
        final JZenith app = TracedApplication.application(
                        "--rest.port=0",
                        "--otel.exporter.otlp.endpoint=" + endpoint,
                        "--otel.bsp.schedule.delay=20",
                        "--otel.jzenith.shutdown-timeout=" + SHUTDOWN_TIMEOUT.toMillis() + "ms")
                .start();
        final long stopNanos;
        try {
            assertThat(messages(Level.INFO))
                    .contains("Tracing is on, exporting spans to " + endpoint
                            + "/v1/traces over http/protobuf, sampler parentbased_always_on");
            traceOne(app, "first");
            Await.until(WAIT, "the export failure is reported", () -> !reports(Level.WARN)
                    .isEmpty());
            // More spans, more failed exports while the first one is retried: still one line.
            traceOne(app, "second");
            traceOne(app, "third");
        } finally {
            final long before = System.nanoTime();
            app.stop();
            stopNanos = System.nanoTime() - before;
        }

        assertThat(Duration.ofNanos(stopNanos)).isLessThan(SHUTDOWN_TIMEOUT.plus(MARGIN));
        assertThat(reports(Level.WARN)).singleElement().satisfies(line -> assertThat(line)
                .contains(endpoint + "/v1/traces"));
        assertThat(warningsAndErrors()).hasSize(1);
        assertNoStackTraces();
    }

    @Test
    void aCollectorThatFailsRecoversAndFailsAgainIsWarnedInformedAndWarnedAgain() {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            final JZenith app = TracedApplication.application(
                            "--rest.port=0",
                            "--otel.exporter.otlp.endpoint=" + receiver.httpEndpoint(),
                            "--otel.bsp.schedule.delay=20")
                    .start();
            try {
                // 400 is not retried: the export fails at once.
                receiver.failNext(1, 400, 3);
                traceOne(app, "failing");
                Await.until(
                        WAIT,
                        "the failure is reported",
                        () -> reports(Level.WARN).size() == 1);
                traceOne(app, "recovered");
                Await.until(
                        WAIT,
                        "the recovery is reported",
                        () -> reports(Level.INFO).size() == 1);
                receiver.failNext(1, 400, 3);
                traceOne(app, "failing again");
                Await.until(
                        WAIT,
                        "the second failure is reported",
                        () -> reports(Level.WARN).size() == 2);
            } finally {
                app.stop();
            }
            assertThat(reports(Level.WARN)).allSatisfy(line -> assertThat(line)
                    .contains(receiver.httpTracesEndpoint())
                    .contains("HTTP 400"));
            assertThat(reports(Level.INFO)).first().asString().contains(receiver.httpTracesEndpoint() + " again");
            assertNoStackTraces();
        }
    }

    private static void traceOne(final JZenith app, final String name) {
        app.instance(OpenTelemetry.class)
                .getTracer("test")
                .spanBuilder(name)
                .startSpan()
                .end();
    }

    private List<ILoggingEvent> events() {
        synchronized (lines) { // the appender appends under its own lock
            return List.copyOf(lines.list);
        }
    }

    private List<String> messages(final Level level) {
        return events().stream()
                .filter(event -> event.getLevel().equals(level))
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
    }

    /** What the exporter's reporter said at {@code level}, in order. */
    private List<String> reports(final Level level) {
        return events().stream()
                .filter(event -> event.getLoggerName().equals(REPORTER)
                        && event.getLevel().equals(level))
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
    }

    private List<String> warningsAndErrors() {
        return events().stream()
                .filter(event -> event.getLevel().isGreaterOrEqual(Level.WARN))
                .map(event -> event.getLoggerName() + ": " + event.getFormattedMessage())
                .toList();
    }

    private void assertNoStackTraces() {
        assertThat(events())
                .filteredOn(event -> event.getThrowableProxy() != null)
                .extracting(event -> event.getLoggerName() + ": " + event.getFormattedMessage())
                .isEmpty();
    }

    private static Logger root() {
        return (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }
}
