package org.jzenith.kafka;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Spans for sending and processing records, linked through the record's headers: a send writes
 * the current trace context ({@code traceparent}, with W3C propagation) into the record, and
 * processing continues that trace. With the application's no-op OpenTelemetry (no tracing plugin)
 * nothing is written and every span is a no-op. Thread-safe.
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

    private final Tracer tracer;
    private final TextMapPropagator propagator;

    private KafkaTracing(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("org.jzenith.kafka");
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    }

    static KafkaTracing of(final OpenTelemetry openTelemetry) {
        return new KafkaTracing(openTelemetry);
    }

    /** A span for sending to {@code topic}, a child of the current one; its context goes into {@code headers}. */
    Span send(final String topic, final Headers headers) {
        final Span span = tracer.spanBuilder("send " + topic)
                .setSpanKind(SpanKind.PRODUCER)
                .setAttribute(SYSTEM, "kafka")
                .setAttribute(DESTINATION, topic)
                .setAttribute(OPERATION, "send")
                .startSpan();
        propagator.inject(Context.current().with(span), headers, SETTER);
        return span;
    }

    /** A span for processing {@code record}, continuing the trace its headers carry. */
    Span process(final ConsumerRecord<byte[], byte[]> record, final String group) {
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
