package org.jzenith.kafka;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.jzenith.core.spi.tracing.Tracing;

/**
 * Spans for sending and processing records, linked through the record's headers: a send writes
 * the current trace context ({@code traceparent}, with W3C propagation) into the record, and
 * processing continues that trace. With the application's no-op OpenTelemetry (no tracing plugin)
 * nothing is written and no span is made.
 * Thread-safe.
 */
final class KafkaTracing {

    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("messaging.system");
    private static final AttributeKey<String> DESTINATION = AttributeKey.stringKey("messaging.destination.name");
    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("messaging.operation.type");
    private static final AttributeKey<String> GROUP = AttributeKey.stringKey("messaging.consumer.group.name");
    private static final AttributeKey<Long> PARTITION = AttributeKey.longKey("messaging.destination.partition.id");
    private static final AttributeKey<Long> OFFSET = AttributeKey.longKey("messaging.kafka.offset");

    private static final TextMapSetter<Headers> SETTER =
            (headers, key, value) -> headers.remove(key).add(key, value.getBytes(StandardCharsets.UTF_8));

    private static final TextMapGetter<Headers> GETTER = new TextMapGetter<>() {
        @Override
        public String get(final Headers headers, final String key) {
            if (headers == null) {
                return null;
            }
            final Header header = headers.lastHeader(key);
            return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
        }
    };

    /** Reads the one {@code traceparent} an outbox row keeps. */
    private static final TextMapGetter<String> STORED = new TextMapGetter<>() {
        @Override
        public String get(final String traceParent, final String key) {
            return TRACEPARENT.equals(key) ? traceParent : null;
        }
    };

    private static final String TRACEPARENT = "traceparent";

    private final Tracer tracer;
    private final TextMapPropagator propagator;
    private final boolean enabled;

    private KafkaTracing(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("org.jzenith.kafka");
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
        this.enabled = Tracing.enabled(openTelemetry);
    }

    static KafkaTracing of(final OpenTelemetry openTelemetry) {
        return new KafkaTracing(openTelemetry);
    }

    /** A span for sending to {@code topic}, a child of the current one; its context goes into {@code headers}. */
    Span send(final String topic, final Headers headers) {
        if (!enabled) {
            return Span.getInvalid(); // per record: no span name built, no context looked up
        }
        final Span span = tracer.spanBuilder("send " + topic)
                .setSpanKind(SpanKind.PRODUCER)
                .setAttribute(SYSTEM, "kafka")
                .setAttribute(DESTINATION, topic)
                .setAttribute(OPERATION, "send")
                .startSpan();
        propagator.inject(Context.current().with(span), headers, SETTER);
        return span;
    }

    /**
     * A span for the outbox relay's send of an event to {@code topic}, in the trace of the request that
     * published it. The event's {@code traceParent} (the span current at publish, kept in its row) is
     * its creation context in the messaging conventions' terms: it goes into {@code headers} unchanged,
     * so the consumer continues the publishing request's trace, and the send span links to it. The
     * span is also its child: the relay runs on a thread of its own with no trace to join, and without
     * a parent every relayed event would start a one-span trace of its own, apart from the request it
     * tells about. An event without a {@code traceParent} (published outside any span) gets a root span
     * whose context goes into {@code headers}, as an emitter's send outside any span does. Without a
     * tracing plugin: no span, no header, nothing parsed.
     */
    Span relay(final String topic, final Optional<String> traceParent, final Headers headers) {
        if (!enabled) {
            return Span.getInvalid();
        }
        final Context created = traceParent
                .map(stored -> W3CTraceContextPropagator.getInstance().extract(Context.root(), stored, STORED))
                .orElse(Context.root());
        final SpanContext creation = Span.fromContext(created).getSpanContext();
        final SpanBuilder builder = tracer.spanBuilder("send " + topic)
                .setParent(created)
                .setSpanKind(SpanKind.PRODUCER)
                .setAttribute(SYSTEM, "kafka")
                .setAttribute(DESTINATION, topic)
                .setAttribute(OPERATION, "send");
        if (creation.isValid()) {
            builder.addLink(creation);
        }
        final Span span = builder.startSpan();
        propagator.inject(creation.isValid() ? created : Context.root().with(span), headers, SETTER);
        return span;
    }

    /** A span for processing {@code record}, continuing the trace its headers carry. */
    Span process(final ConsumerRecord<byte[], byte[]> record, final String group) {
        if (!enabled) {
            // per record: the no-op builder still looked up the current context (a tenth of the
            // consumer threads' CPU in a profile) and the span's name was built for nothing
            return Span.getInvalid();
        }
        final Context sent = propagator.extract(Context.root(), record.headers(), GETTER);
        return tracer.spanBuilder("process " + record.topic())
                .setParent(sent)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute(SYSTEM, "kafka")
                .setAttribute(DESTINATION, record.topic())
                .setAttribute(OPERATION, "process")
                .setAttribute(GROUP, group)
                .setAttribute(PARTITION, (long) record.partition())
                .setAttribute(OFFSET, record.offset())
                .startSpan();
    }

    /** Marks {@code span} failed by {@code failure} and ends it. */
    static void fail(final Span span, final Throwable failure) {
        span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
        span.recordException(failure);
        span.end();
    }
}
