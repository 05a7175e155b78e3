package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.export.Compressor;
import io.opentelemetry.sdk.common.export.GrpcSenderConfig;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;

/**
 * What a sender needs from the SDK's {@link GrpcSenderConfig}, read once, with its nullable
 * parts as {@link Optional}s.
 *
 * @param endpoint the server, {@code http://host:port} (HTTP/2 without TLS) or {@code https://}
 * @param path the request path, {@code /package.Service/Method}
 * @param timeout the time for a whole export, retries included; zero for none
 * @param connectTimeout the time to open a connection
 * @param headers the headers of each call, asked for anew each time (tokens may rotate)
 * @param tlsProtocols the TLS versions to offer; empty for the JVM's defaults
 */
record GrpcCallSettings(
        URI endpoint,
        String path,
        Optional<Compressor> compressor,
        Duration timeout,
        Duration connectTimeout,
        Supplier<Map<String, List<String>>> headers,
        Optional<RetryPolicy> retryPolicy,
        Optional<SSLContext> sslContext,
        Optional<X509TrustManager> trustManager,
        Optional<ExecutorService> callbackExecutor,
        List<String> tlsProtocols) {

    static GrpcCallSettings of(final GrpcSenderConfig config) {
        final String method = config.getFullMethodName();
        return new GrpcCallSettings(
                config.getEndpoint(),
                method.startsWith("/") ? method : "/" + method,
                Optional.ofNullable(config.getCompressor()),
                config.getTimeout(),
                config.getConnectTimeout(),
                config.getHeadersSupplier(),
                Optional.ofNullable(config.getRetryPolicy()),
                Optional.ofNullable(config.getSslContext()),
                Optional.ofNullable(config.getTrustManager()),
                Optional.ofNullable(config.getExecutorService()),
                Optional.ofNullable(config.getEnabledProtocols())
                        .map(List::copyOf)
                        .orElse(List.of()));
    }

    boolean tls() {
        return "https".equalsIgnoreCase(endpoint.getScheme());
    }

    int port() {
        if (endpoint.getPort() != -1) {
            return endpoint.getPort();
        }
        return tls() ? 443 : 80;
    }
}
