package org.jzenith.opentelemetry.internal;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * The span processor of {@code otel.traces.exporter=none}: it does nothing with a span, and its being
 * there is the point. Without any processor the SDK hands out its no-op tracer, so a request that
 * came without a {@code traceparent} would get no trace at all: no trace id in its logs, none passed
 * on to the services it calls or kept with the outbox's events. With it, tracing is on as the
 * start-up line says, and only the export is left out.
 */
final class SpansWithoutExport implements SpanProcessor {

    @Override
    public void onStart(final Context parentContext, final ReadWriteSpan span) {}

    @Override
    public boolean isStartRequired() {
        return false;
    }

    @Override
    public void onEnd(final ReadableSpan span) {}

    @Override
    public boolean isEndRequired() {
        return false;
    }
}
