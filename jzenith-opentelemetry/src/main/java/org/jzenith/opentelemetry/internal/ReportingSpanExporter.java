package org.jzenith.opentelemetry.internal;

import io.opentelemetry.exporter.internal.FailedExportException;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SDK's span exporter, watched: the first failed export logs one WARN naming the endpoint, the
 * first export that works again one INFO, and nothing in between, however many exports fail. The
 * SDK's own failure log (a SEVERE line with a stack trace per failure) is silenced in {@link
 * ExporterLogs}, so that this is the one voice of an outage.
 *
 * <p>Thread-safe: the SDK's export thread and the thread that stops the application may both finish
 * exports.
 */
final class ReportingSpanExporter implements SpanExporter {

    private static final Logger LOG = LoggerFactory.getLogger(ReportingSpanExporter.class);

    private final SpanExporter delegate;
    private final ExportTarget target;
    private final AtomicBoolean failing = new AtomicBoolean();

    ReportingSpanExporter(final SpanExporter delegate, final ExportTarget target) {
        this.delegate = delegate;
        this.target = target;
    }

    @Override
    public CompletableResultCode export(final Collection<SpanData> spans) {
        final CompletableResultCode result = delegate.export(spans);
        result.whenComplete(() -> observe(result));
        return result;
    }

    private void observe(final CompletableResultCode result) {
        if (result.isSuccess()) {
            if (failing.compareAndSet(true, false)) {
                LOG.info("Tracing exports spans to {} again", target.endpoint());
            }
        } else if (failing.compareAndSet(false, true)) {
            LOG.warn(
                    "Tracing cannot export spans to {} over {}: {}; spans are dropped until it answers"
                            + " (said once until it recovers)",
                    target.endpoint(),
                    target.protocol(),
                    reason(result.getFailureThrowable()));
        }
    }

    /** Why, in words: the exception's own message where it has one, never its stack or type. */
    static String reason(final Throwable failure) {
        // The SDK's exporters fail a result with the collector's answer, which has no message.
        if (failure instanceof FailedExportException.HttpExportException http && http.failedWithResponse()) {
            return "it answered HTTP " + http.getResponse().getStatusCode();
        }
        if (failure instanceof FailedExportException.GrpcExportException grpc && grpc.failedWithResponse()) {
            return "it answered gRPC status " + grpc.getResponse().getStatusCode();
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "nothing accepts connections there";
            }
            if (cause instanceof HttpTimeoutException) {
                return "it did not answer in time";
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                return cause.getMessage();
            }
        }
        return "the export failed";
    }

    @Override
    public CompletableResultCode flush() {
        return delegate.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
        return delegate.shutdown();
    }

    @Override
    public String toString() {
        return "ReportingSpanExporter{" + delegate + "}";
    }
}
