package org.jzenith.rest.internal.server;

import java.util.OptionalInt;
import org.jzenith.rest.RestServer;

/** The {@link RestServer} the plugin updates once it has bound its port. Thread-safe. */
public final class RestServerState implements RestServer {

    private volatile int port = -1;
    private volatile String host = "";
    private volatile OptionalInt managementPort = OptionalInt.empty();

    public void bound(final String boundHost, final int boundPort) {
        this.host = boundHost;
        this.port = boundPort;
    }

    public void managementBound(final OptionalInt port) {
        this.managementPort = port;
    }

    @Override
    public OptionalInt managementPort() {
        return managementPort;
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
