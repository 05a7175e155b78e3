package org.jzenith.rest.internal.server;

import io.vertx.core.http.HttpServerOptions;
import java.util.concurrent.TimeUnit;
import org.jzenith.rest.RestConfiguration;

/**
 * The Vert.x server options the plugin's settings mean: one place that turns {@code rest.*} into
 * what every server verticle listens with.
 */
public final class ServerOptions {

    private ServerOptions() {}

    public static HttpServerOptions of(final RestConfiguration configuration) {
        return new HttpServerOptions()
                .setHost(configuration.host())
                .setPort(configuration.port())
                .setTcpNoDelay(true)
                .setTcpFastOpen(true)
                .setIdleTimeout((int) configuration.idleTimeout().toMillis())
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                .setCompressionSupported(false)
                // Vert.x makes the connection of a plain port that may upgrade to h2c only once the
                // first request head is read, too late to time that head (rest.limits.header-timeout).
                .setHttp2ClearTextEnabled(false)
                .setMaxInitialLineLength(configuration.limits().maxRequestLine())
                .setMaxHeaderSize(configuration.limits().maxHeaderSize());
    }
}
