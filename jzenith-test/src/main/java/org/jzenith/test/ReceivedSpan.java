package org.jzenith.test;

import java.util.Map;
import java.util.Objects;

/**
 * One span as an {@link OtlpReceiver} decoded it from an OTLP export.
 *
 * <pre>{@code
 * ReceivedSpan span = receiver.awaitSpans(spans -> !spans.isEmpty(), Duration.ofSeconds(10)).getFirst();
 * assertThat(span.name()).isEqualTo("GET /hello");
 * assertThat(span.attributes()).containsEntry("http.response.status_code", 200L);
 * }</pre>
 *
 * @param traceId the trace id, 32 lower-case hex digits
 * @param spanId the span id, 16 lower-case hex digits
 * @param parentSpanId the parent's span id in hex, or {@code ""} for a root span
 * @param name the span's name
 * @param kind {@code SERVER}, {@code CLIENT}, {@code INTERNAL}, {@code PRODUCER}, {@code CONSUMER}
 *     or {@code UNSPECIFIED}
 * @param attributes the span's attributes: strings as {@link String}, integers as {@link Long},
 *     floating point numbers as {@link Double}, booleans as {@link Boolean}, arrays as {@link
 *     java.util.List}, key-value lists as {@link Map}, bytes as {@code byte[]}; attributes without a
 *     value are left out
 * @param statusCode the OTLP status code: 0 unset, 1 ok, 2 error
 * @param serviceName the {@code service.name} of the span's resource, or {@code ""} when it has none
 * @param protocol how the span arrived: {@code "http"} (OTLP/HTTP protobuf) or {@code "grpc"}
 */
public record ReceivedSpan(
        String traceId,
        String spanId,
        String parentSpanId,
        String name,
        String kind,
        Map<String, Object> attributes,
        int statusCode,
        String serviceName,
        String protocol) {

    /** Checks that no component is null and freezes the attributes. */
    public ReceivedSpan {
        Objects.requireNonNull(traceId, "traceId");
        Objects.requireNonNull(spanId, "spanId");
        Objects.requireNonNull(parentSpanId, "parentSpanId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        attributes = Map.copyOf(attributes);
        Objects.requireNonNull(serviceName, "serviceName");
        Objects.requireNonNull(protocol, "protocol");
    }
}
