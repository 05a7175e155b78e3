package org.jzenith.rabbitmq;

import com.rabbitmq.client.Delivery;
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
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.spi.tracing.Tracing;

/**
 * Spans for sending and processing messages, linked through AMQP headers: a send writes the current
 * trace context ({@code traceparent}, through the application's propagators) into the message's
 * headers as text, and processing continues that trace. With the application's no-op OpenTelemetry
 * (no tracing plugin) nothing is written and every span is a no-op. Thread-safe.
 */
final class RabbitMqTracing {

    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("messaging.system");
    private static final AttributeKey<String> DESTINATION = AttributeKey.stringKey("messaging.destination.name");
    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("messaging.operation.type");
    private static final AttributeKey<String> ROUTING_KEY =
            AttributeKey.stringKey("messaging.rabbitmq.destination.routing_key");
    private static final AttributeKey<Long> DELIVERY_TAG = AttributeKey.longKey("messaging.rabbitmq.delivery_tag");

    private static final TextMapGetter<Map<String, Object>> GETTER = new TextMapGetter<>() {
        @Override
        public String get(final Map<String, Object> headers, final String key) {
            if (headers == null) {
                return null;
            }
            final Object value = headers.get(key);
            return value == null ? null : new String(RabbitMqInbound.bytes(value), StandardCharsets.UTF_8);
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

    private RabbitMqTracing(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("org.jzenith.rabbitmq");
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
        this.enabled = Tracing.enabled(openTelemetry);
    }

    static RabbitMqTracing of(final OpenTelemetry openTelemetry) {
        return new RabbitMqTracing(openTelemetry);
    }

    /** A span for sending to {@code exchange}, a child of the current one; its context goes into {@code headers}. */
    Span send(final String exchange, final String routingKey, final Map<String, Object> headers) {
        if (!enabled) {
            return Span.getInvalid(); // no span name, attributes or injection per message for nothing
        }
        final Span span = tracer.spanBuilder("publish " + exchange)
                .setSpanKind(SpanKind.PRODUCER)
                .setAttribute(SYSTEM, "rabbitmq")
                .setAttribute(DESTINATION, exchange)
                .setAttribute(ROUTING_KEY, routingKey)
                .setAttribute(OPERATION, "send")
                .startSpan();
        propagator.inject(Context.current().with(span), headers, (carrier, key, value) -> carrier.put(key, value));
        return span;
    }

    /**
     * A span for the outbox relay's publish of an event to {@code exchange}, in the trace of the request
     * that published it, as Kafka's relay makes it: the event's {@code traceParent} (kept in its row)
     * goes into {@code headers} unchanged, so the consumer continues the publishing request's trace, and
     * the span is its child and links to it (the relay's thread has no trace of its own to join). An
     * event without one gets a root span whose context goes into {@code headers}. Without a tracing
     * plugin: no span, no header, nothing parsed.
     */
    Span relay(
            final String exchange,
            final String routingKey,
            final Optional<String> traceParent,
            final Map<String, Object> headers) {
        if (!enabled) {
            return Span.getInvalid();
        }
        final Context created = traceParent
                .map(stored -> W3CTraceContextPropagator.getInstance().extract(Context.root(), stored, STORED))
                .orElse(Context.root());
        final SpanContext creation = Span.fromContext(created).getSpanContext();
        final SpanBuilder builder = tracer.spanBuilder("publish " + exchange)
                .setParent(created)
                .setSpanKind(SpanKind.PRODUCER)
                .setAttribute(SYSTEM, "rabbitmq")
                .setAttribute(DESTINATION, exchange)
                .setAttribute(ROUTING_KEY, routingKey)
                .setAttribute(OPERATION, "send");
        if (creation.isValid()) {
            builder.addLink(creation);
        }
        final Span span = builder.startSpan();
        propagator.inject(
                creation.isValid() ? created : Context.root().with(span),
                headers,
                (carrier, key, value) -> carrier.put(key, value));
        return span;
    }

    /** A span for processing {@code delivery} from {@code queue}, continuing the trace its headers carry. */
    Span process(final Delivery delivery, final String queue) {
        if (!enabled) {
            return Span.getInvalid(); // no span name, headers read or attributes per delivery for nothing
        }
        final Map<String, Object> headers = delivery.getProperties().getHeaders();
        final Context sent = propagator.extract(Context.root(), headers == null ? Map.of() : headers, GETTER);
        return tracer.spanBuilder("process " + queue)
                .setParent(sent)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute(SYSTEM, "rabbitmq")
                .setAttribute(DESTINATION, queue)
                .setAttribute(OPERATION, "process")
                .setAttribute(ROUTING_KEY, delivery.getEnvelope().getRoutingKey())
                .setAttribute(DELIVERY_TAG, delivery.getEnvelope().getDeliveryTag())
                .startSpan();
    }

    /** Marks {@code span} failed by {@code failure} and ends it. */
    static void fail(final Span span, final Throwable failure) {
        span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
        span.recordException(failure);
        span.end();
    }
}
