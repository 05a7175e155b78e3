package org.jzenith.opentelemetry.internal.grpc;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.metrics.MetricsOptions;
import io.vertx.core.net.TrustOptions;
import io.vertx.core.transport.Transport;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * A private Vert.x instance and its HTTP/2 client, for one sender. It exists before the
 * application's Vert.x and must outlive nothing of it, so it shares nothing with it; it is kept
 * small: one event loop, one worker, no metrics, no file cache, one connection.
 *
 * <p>{@link #call} runs on this instance's event loop only.
 */
final class GrpcTransport {

    private final GrpcCallSettings settings;
    private final Vertx vertx;
    private final Context context;
    private final HttpClient client;

    private GrpcTransport(final GrpcCallSettings settings, final Vertx vertx) {
        this.settings = settings;
        this.vertx = vertx;
        // Asked for once from a foreign thread: each such call would make a new context.
        this.context = vertx.getOrCreateContext();
        this.client = vertx.createHttpClient(clientOptions(settings), new PoolOptions().setHttp2MaxSize(1));
    }

    static GrpcTransport open(final GrpcCallSettings settings) {
        final Vertx vertx = Vertx.builder()
                .with(new VertxOptions()
                        .setEventLoopPoolSize(1)
                        .setWorkerPoolSize(1)
                        .setInternalBlockingPoolSize(1)
                        .setMetricsOptions(new MetricsOptions().setEnabled(false))
                        .setFileSystemOptions(new FileSystemOptions()
                                .setFileCachingEnabled(false)
                                .setClassPathResolvingEnabled(false)))
                // Native transports would load their libraries for a connection or two.
                .withTransport(Transport.NIO)
                .build();
        return new GrpcTransport(settings, vertx);
    }

    private static HttpClientOptions clientOptions(final GrpcCallSettings settings) {
        final HttpClientOptions options = new HttpClientOptions()
                .setProtocolVersion(HttpVersion.HTTP_2)
                .setConnectTimeout((int) millis(settings.connectTimeout()));
        if (!settings.tls()) {
            // gRPC servers expect HTTP/2 at once ("prior knowledge"), not an HTTP/1.1 upgrade.
            return options.setHttp2ClearTextUpgrade(false);
        }
        options.setSsl(true).setUseAlpn(true).setAlpnVersions(List.of(HttpVersion.HTTP_2));
        if (!settings.tlsProtocols().isEmpty()) {
            options.setEnabledSecureTransportProtocols(new LinkedHashSet<>(settings.tlsProtocols()));
        }
        if (settings.sslContext().isPresent()) {
            options.setSslEngineOptions(
                    new SslContextEngineOptions(settings.sslContext().get()));
        } else {
            // Without either, Vert.x trusts what the JVM trusts.
            settings.trustManager().ifPresent(trust -> options.setTrustOptions(TrustOptions.wrap(trust)));
        }
        return options;
    }

    Context context() {
        return context;
    }

    long setTimer(final Duration delay, final Runnable action) {
        return vertx.setTimer(millis(delay), id -> action.run());
    }

    /**
     * One POST of {@code body}; fails with a {@link TimeoutException} when no complete answer
     * arrives within {@code timeout} (none when zero or negative).
     */
    Future<GrpcAnswer> call(final Buffer body, final MultiMap headers, final Duration timeout) {
        final Promise<GrpcAnswer> answer = Promise.promise();
        final long timer = timeout.isPositive()
                ? vertx.setTimer(
                        millis(timeout),
                        id -> answer.tryFail(new TimeoutException("no answer from " + settings.endpoint()
                                + settings.path() + " within " + timeout.toMillis() + " ms")))
                : -1;
        final RequestOptions request = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setHost(settings.endpoint().getHost())
                .setPort(settings.port())
                .setSsl(settings.tls())
                .setURI(settings.path())
                .setHeaders(headers);
        if (timeout.isPositive()) {
            // Bounds the wait for a connection from the pool too, so that calls to a server that
            // accepted the connection but never speaks do not queue up behind it.
            request.setConnectTimeout(millis(timeout));
        }
        client.request(request)
                .compose(sent -> send(sent, body, answer.future()))
                .compose(response -> response.body().compose(received -> {
                    try {
                        return Future.succeededFuture(GrpcStatuses.answer(response, received));
                    } catch (final IOException e) {
                        return Future.failedFuture(e);
                    }
                }))
                .onComplete(result -> {
                    vertx.cancelTimer(timer);
                    if (result.succeeded()) {
                        answer.tryComplete(result.result());
                    } else {
                        answer.tryFail(result.cause());
                    }
                });
        return answer.future();
    }

    // A request whose time ran out while connecting is dropped instead of sent late.
    private static Future<HttpClientResponse> send(
            final HttpClientRequest request, final Buffer body, final Future<GrpcAnswer> answer) {
        answer.onFailure(failure -> request.reset(0, failure));
        if (answer.isComplete()) {
            return Future.failedFuture(answer.cause());
        }
        return request.send(body);
    }

    Future<Void> close() {
        return vertx.close();
    }

    private static long millis(final Duration duration) {
        return Math.max(1, Math.min(duration.toMillis(), Integer.MAX_VALUE));
    }
}
