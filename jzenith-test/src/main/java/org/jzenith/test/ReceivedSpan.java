package org.jzenith.test;

import java.util.List;
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
 * @param links the spans it links to, in the order the span lists them
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
        String protocol,
        List<Link> links) {

    /**
     * A span it links to.
     *
     * @param traceId the linked span's trace id, 32 lower-case hex digits
     * @param spanId the linked span's id, 16 lower-case hex digits
     */
    public record Link(String traceId, String spanId) {}

    /** A span without links. */
    public ReceivedSpan(
            final String traceId,
            final String spanId,
            final String parentSpanId,
            final String name,
            final String kind,
            final Map<String, Object> attributes,
            final int statusCode,
            final String serviceName,
            final String protocol) {
        this(traceId, spanId, parentSpanId, name, kind, attributes, statusCode, serviceName, protocol, List.of());
    }

    /** Checks that no component is null and freezes the attributes and links. */
    public ReceivedSpan {
        Objects.requireNonNull(traceId, "traceId");
        Objects.requireNonNull(spanId, "spanId");
        Objects.requireNonNull(parentSpanId, "parentSpanId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        attributes = Map.copyOf(attributes);
        Objects.requireNonNull(serviceName, "serviceName");
        Objects.requireNonNull(protocol, "protocol");
        links = List.copyOf(links);
    }
}
