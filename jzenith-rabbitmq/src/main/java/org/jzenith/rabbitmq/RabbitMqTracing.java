package org.jzenith.rabbitmq;

import com.rabbitmq.client.Delivery;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.nio.charset.StandardCharsets;
import java.util.Map;

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

    private final Tracer tracer;
    private final TextMapPropagator propagator;

    private RabbitMqTracing(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("org.jzenith.rabbitmq");
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    }

    static RabbitMqTracing of(final OpenTelemetry openTelemetry) {
        return new RabbitMqTracing(openTelemetry);
    }

    /** A span for sending to {@code exchange}, a child of the current one; its context goes into {@code headers}. */
    Span send(final String exchange, final String routingKey, final Map<String, Object> headers) {
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

    /** A span for processing {@code delivery} from {@code queue}, continuing the trace its headers carry. */
    Span process(final Delivery delivery, final String queue) {
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
