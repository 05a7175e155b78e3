package org.jzenith.test;

import com.google.protobuf.InvalidProtocolBufferException;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * A real OTLP trace receiver on a free loopback port, for tests that check what an application
 * exports. One port serves both OTLP/HTTP ({@code POST /v1/traces}, protobuf, optionally gzip) and
 * OTLP/gRPC ({@code TraceService/Export} over HTTP/2 without TLS, optionally gzip).
 *
 * <pre>{@code
 * try (OtlpReceiver receiver = OtlpReceiver.start()) {
 *     app.withConfiguration("otel.exporter.otlp.traces.endpoint", receiver.httpTracesEndpoint());
 *     client.get("/hello");
 *     List<ReceivedSpan> spans = receiver.awaitSpans(
 *             received -> received.stream().anyMatch(span -> span.kind().equals("SERVER")),
 *             Duration.ofSeconds(10));
 *     assertThat(spans).extracting(ReceivedSpan::name).contains("GET /hello");
 *
 *     receiver.failNext(2, 503, 14);   // the next two exports fail: HTTP 503, gRPC UNAVAILABLE
 * }
 * }</pre>
 *
 * <p>Spans of a failed export are not kept, as a collector that answers an error keeps nothing.
 * The receiver runs on a private Vert.x instance with one event loop, closed by {@link #close()}.
 *
 * <p>Thread-safe: every method may be called from any thread but a Vert.x event loop ({@link
 * #start()}, {@link #awaitSpans} and {@link #close()} block).
 */
public final class OtlpReceiver implements AutoCloseable {

    /** The path of OTLP/HTTP trace exports. */
    public static final String HTTP_TRACES_PATH = "/v1/traces";

    /** The path of the OTLP/gRPC trace export method. */
    public static final String GRPC_EXPORT_PATH = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

    private static final String PROTOBUF = "application/x-protobuf";
    private static final String GRPC = "application/grpc";
    private static final byte[] EMPTY_RESPONSE =
            ExportTraceServiceResponse.getDefaultInstance().toByteArray();

    private final Vertx vertx;
    private final HttpServer server;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition received = lock.newCondition();
    private final List<ReceivedSpan> spans = new ArrayList<>();
    private int exportRequests;
    private int failuresLeft;
    private Failure failure = new Failure(503, 14);

    private record Failure(int httpStatus, int grpcStatus) {}

    private OtlpReceiver(final Vertx vertx, final HttpServer server) {
        this.vertx = vertx;
        this.server = server;
    }

    /** Starts a receiver on a free port of {@code 127.0.0.1}. */
    public static OtlpReceiver start() {
        return start(0);
    }

    /**
     * Prints every span the receiver gets, one line each, until the process is stopped: a collector
     * for a laptop, to watch what a service exports.
     *
     * <pre>
     * scripts/otlp-receiver.sh 4318
     * </pre>
     *
     * @param args the port, 4318 (OTLP/HTTP's) when none is given
     */
    public static void main(final String... args) {
        final OtlpReceiver receiver = start(args.length > 0 ? Integer.parseInt(args[0]) : 4318);
        System.out.println("OTLP receiver on " + receiver.httpEndpoint() + " (OTLP/HTTP and OTLP/gRPC)");
        int printed = 0;
        while (!Thread.currentThread().isInterrupted()) {
            final int seen = printed;
            final List<ReceivedSpan> spans =
                    receiver.awaitSpans(received -> received.size() > seen, Duration.ofDays(365));
            for (final ReceivedSpan span : spans.subList(printed, spans.size())) {
                System.out.println(describe(span));
            }
            printed = spans.size();
        }
    }

    private static String describe(final ReceivedSpan span) {
        final StringBuilder line = new StringBuilder()
                .append(span.kind())
                .append(' ')
                .append(span.name())
                .append(" trace=")
                .append(span.traceId())
                .append(" span=")
                .append(span.spanId())
                .append(" parent=")
                .append(span.parentSpanId().isEmpty() ? "-" : span.parentSpanId())
                .append(" service=")
                .append(span.serviceName());
        new java.util.TreeMap<>(span.attributes())
                .forEach(
                        (key, value) -> line.append(' ').append(key).append('=').append(value));
        return line.toString();
    }

    /** Starts a receiver on {@code port} of {@code 127.0.0.1}; 0 takes a free one. */
    public static OtlpReceiver start(final int port) {
        // Small on purpose: a test receives a handful of exports.
        final Vertx vertx = Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(1)
                .setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1)
                .setFileSystemOptions(
                        new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false)));
        final HttpServer server = vertx.createHttpServer(new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(port)
                // gRPC clients speak HTTP/2 at once ("prior knowledge"), without an upgrade.
                .setHttp2ClearTextEnabled(true));
        final OtlpReceiver receiver = new OtlpReceiver(vertx, server);
        server.requestHandler(receiver::handle);
        try {
            Await.result(server.listen());
        } catch (final RuntimeException | AssertionError e) {
            Await.result(vertx.close());
            throw e;
        }
        return receiver;
    }

    /** The port the receiver listens on. */
    public int port() {
        return server.actualPort();
    }

    /**
     * The base URL for OTLP/HTTP, {@code http://127.0.0.1:PORT}: the value of {@code
     * otel.exporter.otlp.endpoint}, to which the exporter appends {@value #HTTP_TRACES_PATH}.
     */
    public String httpEndpoint() {
        return "http://127.0.0.1:" + port();
    }

    /**
     * The full OTLP/HTTP traces URL, {@code http://127.0.0.1:PORT/v1/traces}: the value of {@code
     * otel.exporter.otlp.traces.endpoint} and of {@code OtlpHttpSpanExporter.builder().setEndpoint}.
     */
    public String httpTracesEndpoint() {
        return httpEndpoint() + HTTP_TRACES_PATH;
    }

    /**
     * The OTLP/gRPC endpoint, {@code http://127.0.0.1:PORT} (the same port): the value of {@code
     * otel.exporter.otlp.endpoint} with {@code otel.exporter.otlp.protocol=grpc}.
     */
    public String grpcEndpoint() {
        return httpEndpoint();
    }

    /** Every span received so far by a successful export, in arrival order; an immutable copy. */
    public List<ReceivedSpan> spans() {
        lock.lock();
        try {
            return List.copyOf(spans);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until {@code until} holds for the spans received so far and returns them; throws an
     * {@link AssertionError} listing what did arrive when {@code timeout} passes first.
     */
    public List<ReceivedSpan> awaitSpans(final Predicate<List<ReceivedSpan>> until, final Duration timeout) {
        Objects.requireNonNull(until, "until");
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                final List<ReceivedSpan> now = List.copyOf(spans);
                if (until.test(now)) {
                    return now;
                }
                if (left <= 0) {
                    throw new AssertionError("waited " + timeout.toMillis() + " ms in vain for the expected spans; "
                            + exportRequests + " export requests brought " + now.size() + " spans: " + now);
                }
                left = received.awaitNanos(left);
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for spans", e);
        } finally {
            lock.unlock();
        }
    }

    /** How many export requests arrived on either protocol, failed ones included. */
    public int exportRequests() {
        lock.lock();
        try {
            return exportRequests;
        } finally {
            lock.unlock();
        }
    }

    /** Forgets the spans and the request count; pending failures stay. */
    public void clear() {
        lock.lock();
        try {
            spans.clear();
            exportRequests = 0;
        } finally {
            lock.unlock();
        }
    }

    /** Fails the next {@code count} exports with HTTP 503 or gRPC status 14 (UNAVAILABLE). */
    public void failNext(final int count) {
        failNext(count, 503, 14);
    }

    /**
     * Fails the next {@code count} exports: OTLP/HTTP ones with {@code httpStatus}, OTLP/gRPC ones
     * with {@code grpcStatus} (HTTP 200 and the status in the headers, as gRPC servers answer an
     * error). Replaces failures still pending.
     */
    public void failNext(final int count, final int httpStatus, final int grpcStatus) {
        if (count < 0 || httpStatus < 400 || httpStatus > 599 || grpcStatus < 1 || grpcStatus > 16) {
            throw new IllegalArgumentException("failNext(" + count + ", " + httpStatus + ", " + grpcStatus
                    + "): count must be >= 0, httpStatus 400..599, grpcStatus 1..16");
        }
        lock.lock();
        try {
            failuresLeft = count;
            failure = new Failure(httpStatus, grpcStatus);
        } finally {
            lock.unlock();
        }
    }

    /** Stops listening and closes the private Vert.x instance. */
    @Override
    public void close() {
        Await.result(vertx.close());
    }

    // On the event loop.
    private void handle(final HttpServerRequest request) {
        final boolean http = request.path().equals(HTTP_TRACES_PATH);
        final boolean grpc = request.path().equals(GRPC_EXPORT_PATH);
        if (request.method() != HttpMethod.POST || !(http || grpc)) {
            request.response().setStatusCode(404).end();
            return;
        }
        request.body().onComplete(body -> {
            if (body.failed()) {
                request.response().setStatusCode(400).end();
            } else if (http) {
                receiveHttp(request, body.result());
            } else {
                receiveGrpc(request, body.result());
            }
        });
    }

    private void receiveHttp(final HttpServerRequest request, final Buffer body) {
        final HttpServerResponse response = request.response();
        final String contentType = request.getHeader("content-type");
        if (contentType == null || !contentType.startsWith(PROTOBUF)) {
            response.setStatusCode(415).end("only " + PROTOBUF + " is received, not " + contentType);
            return;
        }
        final ExportTraceServiceRequest export;
        try {
            final byte[] bytes = body.getBytes();
            export = ExportTraceServiceRequest.parseFrom(
                    "gzip".equals(request.getHeader("content-encoding")) ? GrpcFrames.gunzip(bytes) : bytes);
        } catch (final IOException e) {
            response.setStatusCode(400).end("not an ExportTraceServiceRequest: " + e.getMessage());
            return;
        }
        receive(export, "http")
                .ifPresentOrElse(
                        failed -> response.setStatusCode(failed.httpStatus()).end(),
                        () -> response.putHeader("content-type", PROTOBUF).end(Buffer.buffer(EMPTY_RESPONSE)));
    }

    private void receiveGrpc(final HttpServerRequest request, final Buffer body) {
        final HttpServerResponse response = request.response().putHeader("content-type", GRPC);
        final String contentType = request.getHeader("content-type");
        if (request.version() != HttpVersion.HTTP_2 || contentType == null || !contentType.startsWith(GRPC)) {
            response.setStatusCode(415).end();
            return;
        }
        final ExportTraceServiceRequest export;
        try {
            final String encoding = request.getHeader("grpc-encoding");
            export = ExportTraceServiceRequest.parseFrom(
                    GrpcFrames.message(body, encoding == null ? "identity" : encoding));
        } catch (final InvalidProtocolBufferException e) {
            endTrailersOnly(response, 13, "not an ExportTraceServiceRequest: " + e.getMessage());
            return;
        } catch (final IOException e) {
            endTrailersOnly(response, 13, e.getMessage());
            return;
        }
        receive(export, "grpc")
                .ifPresentOrElse(
                        failed -> endTrailersOnly(
                                response, failed.grpcStatus(), "failing on purpose (OtlpReceiver.failNext)"),
                        () -> response.putTrailer("grpc-status", "0").end(GrpcFrames.frame(EMPTY_RESPONSE)));
    }

    // An error answer without a message carries its status in the headers ("Trailers-Only").
    private static void endTrailersOnly(final HttpServerResponse response, final int status, final String message) {
        response.putHeader("grpc-status", Integer.toString(status))
                .putHeader("grpc-message", percentEncode(message))
                .end();
    }

    // gRPC's grpc-message is percent-encoded UTF-8; URLEncoder's '+' for space is not, hence %20.
    private static String percentEncode(final String message) {
        return URLEncoder.encode(message, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Counts the export and keeps its spans, or returns the failure to answer instead. */
    private Optional<Failure> receive(final ExportTraceServiceRequest export, final String protocol) {
        lock.lock();
        try {
            exportRequests++;
            if (failuresLeft > 0) {
                failuresLeft--;
                return Optional.of(failure);
            }
            spans.addAll(OtlpSpans.of(export, protocol));
            return Optional.empty();
        } finally {
            received.signalAll();
            lock.unlock();
        }
    }
}
