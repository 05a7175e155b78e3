package org.jzenith.test;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns a decoded OTLP trace export into {@link ReceivedSpan}s. Stateless, thread-safe. */
final class OtlpSpans {

    private static final HexFormat HEX = HexFormat.of();
    private static final String KIND_PREFIX = "SPAN_KIND_";

    private OtlpSpans() {}

    static List<ReceivedSpan> of(final ExportTraceServiceRequest request, final String protocol) {
        final List<ReceivedSpan> spans = new ArrayList<>();
        for (final ResourceSpans resourceSpans : request.getResourceSpansList()) {
            final String serviceName = serviceName(resourceSpans.getResource());
            for (final ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
                for (final Span span : scopeSpans.getSpansList()) {
                    spans.add(new ReceivedSpan(
                            HEX.formatHex(span.getTraceId().toByteArray()),
                            HEX.formatHex(span.getSpanId().toByteArray()),
                            HEX.formatHex(span.getParentSpanId().toByteArray()),
                            span.getName(),
                            kind(span.getKind()),
                            attributes(span.getAttributesList()),
                            span.getStatus().getCodeValue(),
                            serviceName,
                            protocol,
                            span.getLinksList().stream()
                                    .map(link -> new ReceivedSpan.Link(
                                            HEX.formatHex(link.getTraceId().toByteArray()),
                                            HEX.formatHex(link.getSpanId().toByteArray())))
                                    .toList()));
                }
            }
        }
        return spans;
    }

    private static String serviceName(final Resource resource) {
        return resource.getAttributesList().stream()
                .filter(attribute -> attribute.getKey().equals("service.name"))
                .map(attribute -> attribute.getValue().getStringValue())
                .findFirst()
                .orElse("");
    }

    // The proto enum is SPAN_KIND_SERVER etc.; tests read better with the SDK's SpanKind names.
    private static String kind(final Span.SpanKind kind) {
        final String name = kind == Span.SpanKind.UNRECOGNIZED ? "SPAN_KIND_UNSPECIFIED" : kind.name();
        return name.substring(KIND_PREFIX.length());
    }

    private static Map<String, Object> attributes(final List<KeyValue> keyValues) {
        final Map<String, Object> attributes = new LinkedHashMap<>();
        for (final KeyValue keyValue : keyValues) {
            value(keyValue.getValue()).ifPresent(value -> attributes.put(keyValue.getKey(), value));
        }
        return attributes;
    }

    private static Optional<Object> value(final AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> Optional.of(value.getStringValue());
            case BOOL_VALUE -> Optional.of(value.getBoolValue());
            case INT_VALUE -> Optional.of(value.getIntValue());
            case DOUBLE_VALUE -> Optional.of(value.getDoubleValue());
            case BYTES_VALUE -> Optional.of(value.getBytesValue().toByteArray());
            case ARRAY_VALUE ->
                Optional.of(value.getArrayValue().getValuesList().stream()
                        .flatMap(element -> value(element).stream())
                        .toList());
            case KVLIST_VALUE ->
                Optional.of(Map.copyOf(attributes(value.getKvlistValue().getValuesList())));
            // Unset, or a newer kind of value (a reference into a dictionary) that the SDK
            // does not send to a receiver.
            default -> Optional.empty();
        };
    }
}
