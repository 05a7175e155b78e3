package org.jzenith.rabbitmq;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.smallrye.config.SmallRyeConfig;
import java.util.Collection;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jzenith.core.Plugin;

/** A tracing plugin for tests: W3C propagation, every ended span kept in memory. */
final class RecordingTracing implements Plugin {

    final Queue<SpanData> spans = new ConcurrentLinkedQueue<>();

    @Override
    public String name() {
        return "recording-tracing";
    }

    @Override
    public Optional<OpenTelemetry> openTelemetry(final SmallRyeConfig config) {
        final SpanExporter exporter = new SpanExporter() {
            @Override
            public CompletableResultCode export(final Collection<SpanData> ended) {
                spans.addAll(ended);
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode flush() {
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode shutdown() {
                return CompletableResultCode.ofSuccess();
            }
        };
        return Optional.of(OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build());
    }

    /** The first span named {@code name}. */
    Optional<SpanData> span(final String name) {
        return spans.stream().filter(span -> span.getName().equals(name)).findFirst();
    }
}
