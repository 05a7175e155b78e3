package org.jzenith.opentelemetry.internal.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.GrpcSenderProvider;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.ReceivedSpan;
import org.jzenith.test.net.Ports;

/**
 * The real SDK and its real OTLP exporters against a real receiver: gRPC through this package's
 * sender, HTTP through the JDK sender, for comparison and because the receiver serves both.
 */
class OtlpGrpcSenderIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final RetryPolicy FAST_RETRIES = RetryPolicy.builder()
            .setInitialBackoff(Duration.ofMillis(20))
            .setMaxBackoff(Duration.ofMillis(100))
            .build();

    private OtlpReceiver receiver;

    @BeforeEach
    void startReceiver() {
        receiver = OtlpReceiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void theSdkFindsThisSenderAsTheOnlyGrpcSender() {
        assertThat(ServiceLoader.load(GrpcSenderProvider.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(VertxGrpcSenderProvider.class);
    }

    @Test
    void spansExportedOverGrpcArriveWithIdsAttributesAndServiceName() {
        final OtlpGrpcSpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint(receiver.grpcEndpoint())
                .build();
        assertArrive(BatchSpanProcessor.builder(exporter).build(), "grpc");
    }

    @Test
    void spansExportedOverHttpArriveWithIdsAttributesAndServiceName() {
        final OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(receiver.httpTracesEndpoint())
                .build();
        assertArrive(SimpleSpanProcessor.create(exporter), "http");
    }

    /** Two spans ended through {@code exporting} reach the receiver over {@code protocol}, decoded as sent. */
    private void assertArrive(final SpanProcessor exporting, final String protocol) {
        final SpanRecorder recorder = new SpanRecorder();
        final SdkTracerProvider provider = Traces.provider(SpanProcessor.composite(recorder, exporting));
        try {
            Traces.twoSpans(provider);
            assertThat(provider.forceFlush()
                            .join(WAIT.toSeconds(), TimeUnit.SECONDS)
                            .isSuccess())
                    .isTrue();

            final List<ReceivedSpan> spans = receiver.awaitSpans(received -> received.size() == 2, WAIT);
            assertDecoded(spans, recorder.ended(), protocol);
        } finally {
            provider.shutdown().join(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void autoconfigurationWithProtocolGrpcExportsThroughThisSender() {
        final OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> Map.of(
                        "otel.traces.exporter", "otlp",
                        "otel.metrics.exporter", "none",
                        "otel.logs.exporter", "none",
                        "otel.exporter.otlp.protocol", "grpc",
                        "otel.exporter.otlp.endpoint", receiver.grpcEndpoint(),
                        "otel.service.name", "autoconfigured"))
                .disableShutdownHook()
                .build()
                .getOpenTelemetrySdk();
        try {
            sdk.getTracer("it").spanBuilder("configured by otel.*").startSpan().end();
            assertThat(sdk.getSdkTracerProvider()
                            .forceFlush()
                            .join(WAIT.toSeconds(), TimeUnit.SECONDS)
                            .isSuccess())
                    .isTrue();

            assertThat(receiver.awaitSpans(spans -> !spans.isEmpty(), WAIT))
                    .singleElement()
                    .satisfies(span -> {
                        assertThat(span.name()).isEqualTo("configured by otel.*");
                        assertThat(span.serviceName()).isEqualTo("autoconfigured");
                        assertThat(span.protocol()).isEqualTo("grpc");
                    });
        } finally {
            sdk.shutdown().join(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void gzipCompressedExportsArriveOverGrpc() {
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint(receiver.grpcEndpoint())
                .setCompression("gzip")
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isTrue();
        assertThat(receiver.spans()).extracting(ReceivedSpan::protocol).containsExactly("grpc", "grpc");
    }

    @Test
    void gzipCompressedExportsArriveOverHttp() {
        final SpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(receiver.httpTracesEndpoint())
                .setCompression("gzip")
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isTrue();
        assertThat(receiver.spans()).extracting(ReceivedSpan::protocol).containsExactly("http", "http");
    }

    @Test
    void aNonRetryableGrpcStatusFailsTheExportAtOnce() {
        receiver.failNext(1, 503, 7); // PERMISSION_DENIED
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint(receiver.grpcEndpoint())
                .setRetryPolicy(FAST_RETRIES)
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isFalse();
        assertThat(receiver.exportRequests()).isEqualTo(1);
        assertThat(receiver.spans()).isEmpty();
    }

    @Test
    void unavailableIsRetriedUntilTheReceiverAccepts() {
        receiver.failNext(2, 503, 14); // UNAVAILABLE
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint(receiver.grpcEndpoint())
                .setRetryPolicy(FAST_RETRIES)
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isTrue();
        assertThat(receiver.exportRequests()).isEqualTo(3);
        assertThat(receiver.spans()).hasSize(2);
    }

    @Test
    void withoutARetryPolicyUnavailableFailsTheExportAfterOneRequest() {
        receiver.failNext(1, 503, 14);
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint(receiver.grpcEndpoint())
                .setRetryPolicy(null)
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isFalse();
        assertThat(receiver.exportRequests()).isEqualTo(1);
    }

    @Test
    void anHttpErrorStatusFailsAnHttpExport() {
        receiver.failNext(1, 400, 3);
        final SpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(receiver.httpTracesEndpoint())
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isFalse();
        assertThat(receiver.exportRequests()).isEqualTo(1);
    }

    @Test
    void anEndpointWithNothingListeningFailsTheExportWithinItsTimeout() {
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint("http://127.0.0.1:" + Ports.free())
                .setTimeout(Duration.ofSeconds(2))
                .setRetryPolicy(FAST_RETRIES)
                .build();

        final long started = System.nanoTime();
        final CompletableResultCode result = Traces.export(exporter, WAIT);

        assertThat(result.isSuccess()).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void aServerThatNeverAnswersFailsTheExportWhenTheTimeoutPasses() throws IOException {
        // Accepts connections (the backlog does) but never speaks HTTP/2.
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                    .setEndpoint("http://127.0.0.1:" + silent.getLocalPort())
                    .setTimeout(Duration.ofMillis(700))
                    .setRetryPolicy(null)
                    .build();

            final long started = System.nanoTime();
            final CompletableResultCode result = Traces.export(exporter, WAIT);

            assertThat(result.isSuccess()).isFalse();
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(600))
                    .isLessThan(Duration.ofSeconds(4));
        }
    }

    @Test
    void anExportAfterShutdownFails() {
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint(receiver.grpcEndpoint())
                .build();
        assertThat(Traces.export(exporter, WAIT).isSuccess()).isTrue();

        assertThat(exporter.shutdown().join(WAIT.toSeconds(), TimeUnit.SECONDS).isSuccess())
                .isTrue();

        assertThat(exporter.export(Traces.someSpans())
                        .join(WAIT.toSeconds(), TimeUnit.SECONDS)
                        .isSuccess())
                .isFalse();
    }

    private static void assertDecoded(
            final List<ReceivedSpan> received, final List<SpanData> sent, final String protocol) {
        final SpanData server = Traces.named(sent, "GET /orders/{id}");
        final SpanData client = Traces.named(sent, "SELECT orders");
        final ReceivedSpan receivedServer = named(received, "GET /orders/{id}");
        final ReceivedSpan receivedClient = named(received, "SELECT orders");

        assertThat(receivedServer.traceId()).isEqualTo(server.getTraceId());
        assertThat(receivedServer.spanId()).isEqualTo(server.getSpanId());
        assertThat(receivedServer.parentSpanId()).isEmpty();
        assertThat(receivedServer.kind()).isEqualTo("SERVER");
        assertThat(receivedServer.statusCode()).isZero();
        assertThat(receivedServer.attributes())
                .containsEntry("http.request.method", "GET")
                .containsEntry("http.response.status_code", 200L);

        assertThat(receivedClient.traceId()).isEqualTo(server.getTraceId());
        assertThat(receivedClient.spanId()).isEqualTo(client.getSpanId());
        assertThat(receivedClient.parentSpanId()).isEqualTo(server.getSpanId());
        assertThat(receivedClient.kind()).isEqualTo("CLIENT");
        assertThat(receivedClient.statusCode()).isEqualTo(2);
        assertThat(receivedClient.attributes())
                .isEqualTo(Map.of(
                        "db.system.name",
                        "postgresql",
                        "cached",
                        false,
                        "ratio",
                        0.5,
                        "tables",
                        List.of("orders", "lines")));

        assertThat(received).allSatisfy(span -> {
            assertThat(span.serviceName()).isEqualTo(Traces.SERVICE);
            assertThat(span.protocol()).isEqualTo(protocol);
        });
    }

    private static ReceivedSpan named(final List<ReceivedSpan> spans, final String name) {
        return spans.stream()
                .filter(span -> span.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no span named " + name + " in " + spans));
    }
}
