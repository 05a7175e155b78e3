package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.ArrayValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OtlpReceiverTest {

    private static final String TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
    private static final String SPAN_ID = "b7ad6b7169203331";
    private static final String PARENT_ID = "00f067aa0ba902b7";

    private static Vertx vertx;
    private static HttpClient http1;
    private static HttpClient h2c;
    private OtlpReceiver receiver;

    @BeforeAll
    static void startClients() {
        vertx = Vertx.vertx();
        http1 = vertx.createHttpClient(new HttpClientOptions());
        h2c = vertx.createHttpClient(
                new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
    }

    @AfterAll
    static void stopClients() {
        Await.result(vertx.close());
    }

    @BeforeEach
    void startReceiver() {
        receiver = OtlpReceiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void endpointsNameTheLoopbackPort() {
        assertThat(receiver.httpEndpoint()).isEqualTo("http://127.0.0.1:" + receiver.port());
        assertThat(receiver.httpTracesEndpoint()).isEqualTo("http://127.0.0.1:" + receiver.port() + "/v1/traces");
        assertThat(receiver.grpcEndpoint()).isEqualTo(receiver.httpEndpoint());
    }

    @Test
    void anHttpProtobufExportIsDecoded() {
        final Answer answer = postHttp(request().toByteArray(), false);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().length()).isZero();
        assertThat(receiver.spans())
                .containsExactly(new ReceivedSpan(
                        TRACE_ID,
                        SPAN_ID,
                        PARENT_ID,
                        "GET /orders",
                        "SERVER",
                        Map.of("http.response.status_code", 200L, "retry", true, "tags", List.of("a", "b")),
                        2,
                        "orders",
                        "http"));
        assertThat(receiver.exportRequests()).isEqualTo(1);
    }

    @Test
    void aGzipHttpExportIsDecoded() throws IOException {
        final Answer answer = postHttp(gzip(request().toByteArray()), true);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(receiver.spans()).extracting(ReceivedSpan::name).containsExactly("GET /orders");
    }

    @Test
    void aGrpcExportIsDecodedAndAnsweredWithStatusZeroInTheTrailers() {
        final Answer answer = postGrpc(frame(false, request().toByteArray()), false);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.grpcStatus()).isEqualTo("0");
        assertThat(answer.body().getBytes()).isEqualTo(new byte[5]);
        assertThat(receiver.spans()).singleElement().satisfies(span -> {
            assertThat(span.protocol()).isEqualTo("grpc");
            assertThat(span.traceId()).isEqualTo(TRACE_ID);
        });
    }

    @Test
    void aGzipGrpcExportIsDecoded() throws IOException {
        final Answer answer = postGrpc(frame(true, gzip(request().toByteArray())), true);

        assertThat(answer.grpcStatus()).isEqualTo("0");
        assertThat(receiver.spans()).extracting(ReceivedSpan::protocol).containsExactly("grpc");
    }

    @Test
    void failNextFailsThatManyExportsOnEitherProtocolAndKeepsNoSpans() {
        receiver.failNext(2, 429, 8);

        assertThat(postHttp(request().toByteArray(), false).status()).isEqualTo(429);
        final Answer grpc = postGrpc(frame(false, request().toByteArray()), false);
        assertThat(grpc.status()).isEqualTo(200);
        assertThat(grpc.grpcStatus()).isEqualTo("8");
        assertThat(receiver.spans()).isEmpty();

        assertThat(postHttp(request().toByteArray(), false).status()).isEqualTo(200);
        assertThat(receiver.spans()).hasSize(1);
        assertThat(receiver.exportRequests()).isEqualTo(3);
    }

    @Test
    void awaitSpansReturnsOnceTheConditionHolds() {
        vertx.setTimer(100, id -> postHttpAsync(request().toByteArray()));

        assertThat(receiver.awaitSpans(spans -> !spans.isEmpty(), Duration.ofSeconds(10)))
                .hasSize(1);
    }

    @Test
    void awaitSpansFailsNamingWhatArrived() {
        postHttp(request().toByteArray(), false);

        assertThatThrownBy(() -> receiver.awaitSpans(spans -> spans.size() > 1, Duration.ofMillis(200)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("1 export requests brought 1 spans")
                .hasMessageContaining("GET /orders");
    }

    @Test
    void clearForgetsSpansAndRequests() {
        postHttp(request().toByteArray(), false);

        receiver.clear();

        assertThat(receiver.spans()).isEmpty();
        assertThat(receiver.exportRequests()).isZero();
    }

    @Test
    void otherPathsAndContentTypesAreRefused() {
        assertThat(send(http1, "/v1/metrics", "application/x-protobuf", Map.of(), Buffer.buffer())
                        .status())
                .isEqualTo(404);
        assertThat(send(http1, "/v1/traces", "application/json", Map.of(), Buffer.buffer("{}"))
                        .status())
                .isEqualTo(415);
        assertThat(receiver.exportRequests()).isZero();
    }

    private static ExportTraceServiceRequest request() {
        final HexFormat hex = HexFormat.of();
        final Span span = Span.newBuilder()
                .setTraceId(ByteString.copyFrom(hex.parseHex(TRACE_ID)))
                .setSpanId(ByteString.copyFrom(hex.parseHex(SPAN_ID)))
                .setParentSpanId(ByteString.copyFrom(hex.parseHex(PARENT_ID)))
                .setName("GET /orders")
                .setKind(Span.SpanKind.SPAN_KIND_SERVER)
                .setStatus(Status.newBuilder().setCode(Status.StatusCode.STATUS_CODE_ERROR))
                .addAttributes(attribute(
                        "http.response.status_code", AnyValue.newBuilder().setIntValue(200)))
                .addAttributes(attribute("retry", AnyValue.newBuilder().setBoolValue(true)))
                .addAttributes(attribute(
                        "tags",
                        AnyValue.newBuilder()
                                .setArrayValue(ArrayValue.newBuilder()
                                        .addValues(AnyValue.newBuilder().setStringValue("a"))
                                        .addValues(AnyValue.newBuilder().setStringValue("b")))))
                .addAttributes(KeyValue.newBuilder().setKey("unset"))
                .build();
        return ExportTraceServiceRequest.newBuilder()
                .addResourceSpans(ResourceSpans.newBuilder()
                        .setResource(Resource.newBuilder()
                                .addAttributes(attribute(
                                        "service.name", AnyValue.newBuilder().setStringValue("orders"))))
                        .addScopeSpans(ScopeSpans.newBuilder().addSpans(span)))
                .build();
    }

    private static KeyValue attribute(final String key, final AnyValue.Builder value) {
        return KeyValue.newBuilder().setKey(key).setValue(value).build();
    }

    private record Answer(int status, String grpcStatus, Buffer body) {}

    private Answer postHttp(final byte[] body, final boolean gzip) {
        return send(
                http1,
                "/v1/traces",
                "application/x-protobuf",
                gzip ? Map.of("content-encoding", "gzip") : Map.of(),
                Buffer.buffer(body));
    }

    private void postHttpAsync(final byte[] body) {
        http1.request(options("/v1/traces", "application/x-protobuf", Map.of()))
                .compose(request -> request.send(Buffer.buffer(body)));
    }

    private Answer postGrpc(final Buffer body, final boolean gzip) {
        return send(
                h2c,
                "/opentelemetry.proto.collector.trace.v1.TraceService/Export",
                "application/grpc",
                gzip ? Map.of("grpc-encoding", "gzip", "te", "trailers") : Map.of("te", "trailers"),
                body);
    }

    private Answer send(
            final HttpClient client,
            final String path,
            final String contentType,
            final Map<String, String> headers,
            final Buffer body) {
        return Await.result(client.request(options(path, contentType, headers))
                .compose(request -> request.send(body))
                .compose(response -> response.body().map(received -> answer(response, received))));
    }

    private RequestOptions options(final String path, final String contentType, final Map<String, String> headers) {
        final RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setHost("127.0.0.1")
                .setPort(receiver.port())
                .setURI(path)
                .putHeader("content-type", contentType);
        headers.forEach(options::putHeader);
        return options;
    }

    private static Answer answer(final HttpClientResponse response, final Buffer body) {
        final String status = response.getHeader("grpc-status") != null
                ? response.getHeader("grpc-status")
                : String.valueOf(response.trailers().get("grpc-status"));
        return new Answer(response.statusCode(), status, body);
    }

    private static Buffer frame(final boolean compressed, final byte[] message) {
        return Buffer.buffer()
                .appendByte((byte) (compressed ? 1 : 0))
                .appendInt(message.length)
                .appendBytes(message);
    }

    private static byte[] gzip(final byte[] plain) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(plain);
        }
        return out.toByteArray();
    }
}
