package org.jzenith.opentelemetry.internal;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Silences the SDK's OTLP exporters' own failure log: a SEVERE line with a stack trace for every
 * failed export, which reaches the service's log through java.util.logging. {@link
 * ReportingSpanExporter} says the same once, in one line.
 */
final class ExporterLogs {

    /**
     * Held so that the levels stay: java.util.logging keeps its loggers weakly, and a logger
     * collected and made again would have its level back.
     */
    private static final List<Logger> SILENCED = List.of(
            Logger.getLogger("io.opentelemetry.exporter.otlp.internal.HttpExporter"),
            Logger.getLogger("io.opentelemetry.exporter.otlp.internal.GrpcExporter"));

    private ExporterLogs() {}

    /** Idempotent; called each time an SDK is made, since a log backend's reset may undo it. */
    static void silence() {
        SILENCED.forEach(logger -> logger.setLevel(Level.OFF));
    }
}
