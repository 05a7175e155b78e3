package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.GrpcResponse;
import io.opentelemetry.sdk.common.export.GrpcSender;
import io.opentelemetry.sdk.common.export.MessageWriter;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Sends OTLP exports as unary gRPC calls over Vert.x's HTTP/2 client: h2c with prior knowledge
 * for {@code http://}, TLS with ALPN h2 for {@code https://}.
 *
 * <p>Each export is one POST of the length-prefixed (and, with a compressor, compressed) message.
 * The grpc-status and grpc-message of the trailers (or of the headers of a Trailers-Only answer)
 * become the {@link GrpcResponse}; a connection failure or the timeout goes to {@code onError}.
 * The timeout covers the whole export, retries included. Retries follow the SDK's retry policy.
 *
 * <p>The private Vert.x instance starts with the first export, so that an exporter that never
 * exports costs no threads, and stops with {@link #shutdown()}.
 *
 * <p>Thread-safe: the SDK may call {@link #send} from any thread. The message is written on the
 * calling thread; the callbacks run on the SDK's executor when it gave one, else on this sender's
 * event loop.
 */
final class VertxGrpcSender implements GrpcSender {

    private final GrpcCallSettings settings;
    private final RetrySchedule retries;
    private Optional<GrpcTransport> transport = Optional.empty();
    private boolean shutDown;

    VertxGrpcSender(final GrpcCallSettings settings) {
        this.settings = settings;
        this.retries = RetrySchedule.of(settings.retryPolicy());
    }

    @Override
    public void send(
            final MessageWriter writer, final Consumer<GrpcResponse> onResponse, final Consumer<Throwable> onError) {
        final Buffer body;
        try {
            body = GrpcFraming.frame(writer, settings.compressor());
        } catch (final IOException | RuntimeException e) {
            onError.accept(e);
            return;
        }
        final Optional<GrpcTransport> open = transport();
        if (open.isEmpty()) {
            onError.accept(new IllegalStateException(
                    "the gRPC sender for " + settings.endpoint() + " is shut down; no export after shutdown"));
            return;
        }
        final Call call = new Call(open.get(), body, headers(), deadline(), onResponse, onError);
        open.get().context().runOnContext(ignored -> attempt(call, 1));
    }

    /** One export: what each attempt needs. */
    private record Call(
            GrpcTransport transport,
            Buffer body,
            MultiMap headers,
            long deadlineNanos,
            Consumer<GrpcResponse> onResponse,
            Consumer<Throwable> onError) {

        long nanosLeft() {
            return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
        }
    }

    // On the event loop.
    private void attempt(final Call call, final int attempt) {
        final long left = call.nanosLeft();
        final Duration timeout = left == Long.MAX_VALUE ? Duration.ZERO : Duration.ofNanos(Math.max(1, left));
        call.transport().call(call.body(), call.headers(), timeout).onComplete(result -> {
            if (result.succeeded() && retries.retryable(result.result().status())) {
                retryOr(
                        call,
                        attempt,
                        () -> deliver(call, () -> call.onResponse().accept(result.result())));
            } else if (result.succeeded()) {
                deliver(call, () -> call.onResponse().accept(result.result()));
            } else if (retries.retryable(result.cause())) {
                retryOr(call, attempt, () -> deliver(call, () -> call.onError().accept(result.cause())));
            } else {
                deliver(call, () -> call.onError().accept(result.cause()));
            }
        });
    }

    private void retryOr(final Call call, final int attempt, final Runnable giveUp) {
        retries.pauseBefore(attempt + 1, call.nanosLeft())
                .ifPresentOrElse(pause -> call.transport().setTimer(pause, () -> attempt(call, attempt + 1)), giveUp);
    }

    private void deliver(final Call call, final Runnable callback) {
        if (settings.callbackExecutor().isEmpty()) {
            callback.run();
            return;
        }
        try {
            settings.callbackExecutor().get().execute(callback);
        } catch (final RejectedExecutionException e) {
            // The SDK's executor is shutting down; the exporter still waits for the outcome.
            callback.run();
        }
    }

    private MultiMap headers() {
        final MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        // The supplier is the SDK's; it may return null where it means "none".
        final Map<String, List<String>> supplied = settings.headers().get();
        if (supplied != null) {
            supplied.forEach(headers::add);
        }
        headers.set("content-type", "application/grpc").set("te", "trailers").remove("content-length");
        settings.compressor().ifPresent(compressor -> headers.set("grpc-encoding", compressor.getEncoding()));
        return headers;
    }

    private long deadline() {
        // A zero timeout is the SDK's "no timeout".
        if (!settings.timeout().isPositive()) {
            return Long.MAX_VALUE;
        }
        return System.nanoTime() + settings.timeout().toNanos();
    }

    private synchronized Optional<GrpcTransport> transport() {
        if (shutDown) {
            return Optional.empty();
        }
        if (transport.isEmpty()) {
            transport = Optional.of(GrpcTransport.open(settings));
        }
        return transport;
    }

    @Override
    public synchronized CompletableResultCode shutdown() {
        shutDown = true;
        final CompletableResultCode result = new CompletableResultCode();
        transport.ifPresentOrElse(
                open -> open.close().onComplete(closed -> {
                    if (closed.succeeded()) {
                        result.succeed();
                    } else {
                        result.failExceptionally(closed.cause());
                    }
                }),
                result::succeed);
        transport = Optional.empty();
        return result;
    }
}
