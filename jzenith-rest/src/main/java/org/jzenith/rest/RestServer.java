package org.jzenith.rest;

import java.util.OptionalInt;

/**
 * The running HTTP server: injectable, for example to learn the port picked for {@code
 * rest.port=0} in a test.
 *
 * <pre>{@code
 * int port = app.instance(RestServer.class).port();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public interface RestServer {

    /** The port the server listens on; -1 until the plugin has started. */
    int port();

    /** The address the server listens on. */
    String host();

    /** The port of the management interface, when {@code management.port} is set and it has started. */
    OptionalInt managementPort();
}
