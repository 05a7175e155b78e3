package org.jzenith.rest.internal.server;

import org.jzenith.rest.RestServer;

/** The {@link RestServer} the plugin updates once it has bound its port. Thread-safe. */
public final class RestServerState implements RestServer {

    private volatile int port = -1;
    private volatile String host = "";

    public void bound(final String boundHost, final int boundPort) {
        this.host = boundHost;
        this.port = boundPort;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public String host() {
        return host;
    }
}
