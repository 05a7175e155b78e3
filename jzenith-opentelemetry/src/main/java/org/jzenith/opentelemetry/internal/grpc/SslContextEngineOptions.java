package org.jzenith.opentelemetry.internal.grpc;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.vertx.core.net.SSLEngineOptions;
import io.vertx.core.spi.tls.SslContextFactory;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * Lets Vert.x use the {@link SSLContext} that the SDK built from the exporter's TLS settings
 * (trusted certificates and a client key for mutual TLS) as it is, adding only ALPN for h2.
 */
final class SslContextEngineOptions extends SSLEngineOptions {

    private final SSLContext sslContext;

    SslContextEngineOptions(final SSLContext sslContext) {
        this.sslContext = sslContext;
    }

    @Override
    public SSLEngineOptions copy() {
        return new SslContextEngineOptions(sslContext);
    }

    @Override
    public SslContextFactory sslContextFactory() {
        return new Factory(sslContext);
    }

    /** Vert.x tells the factory the protocols to offer; key and trust come from the context. */
    private static final class Factory implements SslContextFactory {

        private final SSLContext sslContext;
        private boolean alpn;
        private List<String> protocols = List.of();

        Factory(final SSLContext sslContext) {
            this.sslContext = sslContext;
        }

        @Override
        public SslContextFactory useAlpn(final boolean useAlpn) {
            this.alpn = useAlpn;
            return this;
        }

        @Override
        public SslContextFactory applicationProtocols(final List<String> applicationProtocols) {
            this.protocols = List.copyOf(applicationProtocols);
            return this;
        }

        @Override
        public SslContext create() {
            final ApplicationProtocolConfig apn = alpn && !protocols.isEmpty()
                    ? new ApplicationProtocolConfig(
                            ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            protocols)
                    : ApplicationProtocolConfig.DISABLED;
            return new JdkSslContext(
                    sslContext, true, null, IdentityCipherSuiteFilter.INSTANCE, apn, ClientAuth.NONE, null, false);
        }
    }
}
