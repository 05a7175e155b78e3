package org.jzenith.core.store;

import java.nio.file.Path;

/**
 * A server a store plugin's dev service started: what {@link DevServiceLifecycle} keeps while it
 * runs, names in its log lines and stops. {@link #close()} stops the server and returns once it has
 * gone; outside {@code dev} its data goes with it.
 *
 * <pre>{@code
 * record Running(EmbeddedPostgresql server, DevServices services, int port) implements DevServer {
 *     public String describe() { return "an embedded PostgreSQL at 127.0.0.1:" + port; }
 *     public Path folder() { return server.folder(); }
 *     public long pid() { return server.pid(); }
 *     public void close() { server.close(); }
 * }
 * }</pre>
 *
 * <p>A server that is one child process implements {@link DevProcessServer}, which takes {@link
 * #folder()}, {@link #pid()} and {@link #close()} from its {@link DevProcess}.
 *
 * <p>Implementations are immutable; {@link #close()} blocks and is called once, off the event loop.
 */
public interface DevServer extends AutoCloseable {

    /** The dev services' settings it was started with: the profile, and whether its data stays. */
    DevServices services();

    /** What it is and where, for the log: {@code "redis-server (/usr/bin/redis-server) at 127.0.0.1:38207"}. */
    String describe();

    /** Where its data lives. */
    Path folder();

    /** Its process, for tests that check it has gone after stop. */
    long pid();

    /** Stops the server and waits until it has gone; blocks. */
    @Override
    void close();
}
