package org.jzenith.test.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Free TCP ports on the loopback address, for servers that a test starts itself.
 *
 * <pre>{@code
 * int port = Ports.free();
 * app.withConfiguration("redis.connection-string", "redis://127.0.0.1:" + port);   // nothing listens there
 * }</pre>
 *
 * <p>The port was free when it was picked; another process may take it before the caller binds
 * it, so a server that fails to bind should say which port it tried. Thread-safe.
 */
public final class Ports {

    private Ports() {}

    /** A port on {@code 127.0.0.1} that no one listened on a moment ago. */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot find a free port on the loopback address", e);
        }
    }
}
