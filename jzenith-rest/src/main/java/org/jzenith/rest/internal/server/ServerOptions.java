package org.jzenith.rest.internal.server;

import io.netty.handler.codec.compression.CompressionOptions;
import io.netty.handler.codec.compression.StandardCompressionOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.KeyCertOptions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jzenith.rest.RestConfiguration;

/**
 * The Vert.x server options the plugin's settings mean: one place that turns {@code rest.*} into
 * what every server verticle listens with.
 */
public final class ServerOptions {

    // zlib's own window and memory defaults, as Netty's gzip() and deflate() take them.
    private static final int WINDOW_BITS = 15;
    private static final int MEMORY_LEVEL = 8;

    private ServerOptions() {}

    /** The options of {@code rest.port}: TLS with {@code key} when there is one, plain otherwise. */
    public static HttpServerOptions of(final RestConfiguration configuration, final Optional<KeyCertOptions> key) {
        final HttpServerOptions options = common(configuration).setPort(configuration.port());
        key.ifPresentOrElse(
                k -> {
                    final boolean h2 = configuration.http2().enabled();
                    options.setSsl(true)
                            .setKeyCertOptions(k)
                            .setUseAlpn(h2)
                            .setAlpnVersions(
                                    h2
                                            ? List.of(HttpVersion.HTTP_2, HttpVersion.HTTP_1_1)
                                            : List.of(HttpVersion.HTTP_1_1))
                            .setHttp2ClearTextEnabled(false);
                },
                () -> cleartext(options, configuration));
        return options;
    }

    /** The options of the plain port beside a TLS one ({@code rest.tls.plain-port}). */
    public static HttpServerOptions plain(final RestConfiguration configuration, final int port) {
        return cleartext(common(configuration).setPort(port), configuration);
    }

    /**
     * h2c only when asked for: besides the smuggling it opens behind proxies, Vert.x makes the
     * connection of a port that may upgrade to h2c only once the first request head is read, too
     * late to time that head ({@code rest.limits.header-timeout}).
     */
    private static HttpServerOptions cleartext(final HttpServerOptions options, final RestConfiguration configuration) {
        return options.setHttp2ClearTextEnabled(
                configuration.http2().enabled() && configuration.http2().cleartext());
    }

    private static HttpServerOptions common(final RestConfiguration configuration) {
        final HttpServerOptions options = new HttpServerOptions()
                .setHost(configuration.host())
                .setTcpNoDelay(true)
                .setTcpFastOpen(true)
                // No WebSocket is served, and Netty's WebSocket extension handler, which these
                // would put on every HTTP/1 connection, refuses more than 128 pipelined requests.
                .setPerMessageWebSocketCompressionSupported(false)
                .setPerFrameWebSocketCompressionSupported(false)
                .setIdleTimeout((int) configuration.idleTimeout().toMillis())
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                .setMaxInitialLineLength(configuration.limits().maxRequestLine())
                .setMaxHeaderSize(configuration.limits().maxHeaderSize());
        final RestConfiguration.Compression compression = configuration.compression();
        if (!compression.enabled()) {
            return options.setCompressionSupported(false);
        }
        // gzip and deflate only: Netty would offer brotli and zstd too when their libraries happen
        // to be on the class path, which should be a decision, not an accident.
        final List<CompressionOptions> compressors = List.of(
                StandardCompressionOptions.gzip(compression.level(), WINDOW_BITS, MEMORY_LEVEL),
                StandardCompressionOptions.deflate(compression.level(), WINDOW_BITS, MEMORY_LEVEL));
        return options.setCompressionSupported(true)
                .setCompressionLevel(compression.level())
                .setCompressionContentSizeThreshold(compression.minSize())
                .setCompressors(compressors);
    }
}
