package org.jzenith.rest.it.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A port free right now, for settings that need a number (jzenith-test's Ports depends on this module). */
final class FreePorts {

    private FreePorts() {}

    static int next() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
