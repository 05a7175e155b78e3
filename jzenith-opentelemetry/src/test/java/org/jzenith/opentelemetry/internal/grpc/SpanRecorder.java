package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the SDK's ended spans, so that a test can hand them to an exporter and see the result. */
final class SpanRecorder implements SpanProcessor {

    private final List<SpanData> ended = new CopyOnWriteArrayList<>();

    List<SpanData> ended() {
        return List.copyOf(ended);
    }

    @Override
    public void onStart(final Context parentContext, final ReadWriteSpan span) {}

    @Override
    public boolean isStartRequired() {
        return false;
    }

    @Override
    public void onEnd(final ReadableSpan span) {
        ended.add(span.toSpanData());
    }

    @Override
    public boolean isEndRequired() {
        return true;
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
