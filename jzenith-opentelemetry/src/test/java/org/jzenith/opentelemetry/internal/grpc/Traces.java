package org.jzenith.opentelemetry.internal.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Makes a small real trace with the SDK: a SERVER span with a CLIENT child, with attributes. */
final class Traces {

    static final String SERVICE = "otlp-sender-it";

    private Traces() {}

    static SdkTracerProvider provider(final SpanProcessor processor) {
        return SdkTracerProvider.builder()
                .setResource(Resource.getDefault()
                        .merge(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), SERVICE))))
                .addSpanProcessor(processor)
                .build();
    }

    /** Starts and ends the two spans; the child ends first. */
    static void twoSpans(final SdkTracerProvider provider) {
        final Tracer tracer = provider.get("org.jzenith.opentelemetry.it");
        final Span server = tracer.spanBuilder("GET /orders/{id}")
                .setSpanKind(SpanKind.SERVER)
                .setAttribute("http.request.method", "GET")
                .setAttribute("http.response.status_code", 200L)
                .startSpan();
        tracer.spanBuilder("SELECT orders")
                .setParent(Context.root().with(server))
                .setSpanKind(SpanKind.CLIENT)
                .setAttribute("db.system.name", "postgresql")
                .setAttribute(AttributeKey.booleanKey("cached"), false)
                .setAttribute(AttributeKey.doubleKey("ratio"), 0.5)
                .setAttribute(AttributeKey.stringArrayKey("tables"), List.of("orders", "lines"))
                .startSpan()
                .setStatus(StatusCode.ERROR)
                .end();
        server.end();
    }

    static SpanData named(final List<SpanData> spans, final String name) {
        return spans.stream()
                .filter(span -> span.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no span named " + name + " in " + spans));
    }

    /** Exports two fresh spans and waits for the outcome; the exporter is shut down afterwards. */
    static CompletableResultCode export(final SpanExporter exporter, final Duration wait) {
        try {
            final CompletableResultCode result = exporter.export(someSpans()).join(wait.toSeconds(), TimeUnit.SECONDS);
            assertThat(result.isDone()).as("the export ended within %s", wait).isTrue();
            return result;
        } finally {
            exporter.shutdown().join(wait.toSeconds(), TimeUnit.SECONDS);
        }
    }

    /** Two ended spans, a server span and its client child, recorded without exporting them. */
    static List<SpanData> someSpans() {
        final SpanRecorder recorder = new SpanRecorder();
        final SdkTracerProvider provider = provider(recorder);
        twoSpans(provider);
        provider.shutdown();
        return recorder.ended();
    }
}
