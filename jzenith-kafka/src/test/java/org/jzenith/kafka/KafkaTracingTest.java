package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/** The outbox relay's send span: in the publishing request's trace, linked to it, the record carrying it unchanged. */
class KafkaTracingTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String REQUEST = "00f067aa0ba902b7";
    private static final String STORED = "00-" + TRACE + "-" + REQUEST + "-01";

    private final List<SpanData> ended = new CopyOnWriteArrayList<>();

    @Test
    void aRelayedSendIsAChildOfTheStoredContextLinksToItAndPassesItOnUnchanged() {
        final RecordHeaders headers = new RecordHeaders();
        final Span span = KafkaTracing.of(traced()).relay("users.events", Optional.of(STORED), headers);
        span.end();

        final SpanData send = ended.getFirst();
        assertThat(send.getName()).isEqualTo("send users.events");
        assertThat(send.getKind()).isEqualTo(SpanKind.PRODUCER);
        assertThat(send.getTraceId()).isEqualTo(TRACE);
        assertThat(send.getParentSpanId()).isEqualTo(REQUEST);
        assertThat(send.getLinks())
                .extracting(LinkData::getSpanContext)
                .singleElement()
                .satisfies(link -> {
                    assertThat(link.getTraceId()).isEqualTo(TRACE);
                    assertThat(link.getSpanId()).isEqualTo(REQUEST);
                });
        assertThat(header(headers)).contains(STORED);
    }

    @Test
    void anEventPublishedOutsideAnySpanGetsARootSendWhoseContextTheRecordCarries() {
        final RecordHeaders headers = new RecordHeaders();
        KafkaTracing.of(traced())
                .relay("users.events", Optional.empty(), headers)
                .end();

        final SpanData send = ended.getFirst();
        assertThat(send.getParentSpanContext().isValid()).isFalse();
        assertThat(send.getLinks()).isEmpty();
        assertThat(header(headers))
                .contains("00-" + send.getTraceId() + "-" + send.getSpanId() + "-"
                        + send.getSpanContext().getTraceFlags().asHex());
    }

    @Test
    void withoutATracingPluginNothingIsParsedNorWritten() {
        final RecordHeaders headers = new RecordHeaders();
        final Span span = KafkaTracing.of(OpenTelemetry.noop()).relay("users.events", Optional.of(STORED), headers);
        assertThat(span.getSpanContext().isValid()).isFalse();
        assertThat(headers.toArray()).isEmpty();
    }

    @Test
    void withoutATracingPluginSendsAndRecordsMakeNoSpanAndWriteNoHeader() {
        final KafkaTracing tracing = KafkaTracing.of(OpenTelemetry.noop());
        final RecordHeaders headers = new RecordHeaders();
        assertThat(tracing.send("users.events", headers)).isSameAs(Span.getInvalid());
        assertThat(headers.toArray()).isEmpty();
        final RecordHeaders sent = new RecordHeaders();
        sent.add("traceparent", STORED.getBytes(StandardCharsets.UTF_8));
        assertThat(tracing.process(
                        new org.apache.kafka.clients.consumer.ConsumerRecord<>(
                                "users.events",
                                0,
                                7L,
                                0L,
                                org.apache.kafka.common.record.TimestampType.CREATE_TIME,
                                0,
                                0,
                                new byte[0],
                                new byte[0],
                                sent,
                                Optional.empty()),
                        "group"))
                .isSameAs(Span.getInvalid());
    }

    private static Optional<String> header(final RecordHeaders headers) {
        final Header header = headers.lastHeader("traceparent");
        return Optional.ofNullable(header).map(found -> new String(found.value(), StandardCharsets.UTF_8));
    }

    private OpenTelemetry traced() {
        final SpanExporter exporter = new SpanExporter() {
            @Override
            public CompletableResultCode export(final Collection<SpanData> spans) {
                ended.addAll(spans);
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
        return OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
    }
}
