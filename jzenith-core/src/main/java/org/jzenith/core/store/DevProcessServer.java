package org.jzenith.core.store;

import java.nio.file.Path;

/**
 * A {@link DevServer} that is one child process: where its data lives, its process id and how it
 * stops all come from its {@link DevProcess}, so that a plugin's server says only what it is.
 *
 * <pre>{@code
 * record Running(DevProcess process, DevServices services, int port) implements DevProcessServer {
 *     public String describe() { return "redis-server at 127.0.0.1:" + port; }
 * }
 * }</pre>
 */
public interface DevProcessServer extends DevServer {

    /** The server's process, its files and its watchdog. */
    DevProcess process();

    @Override
    default Path folder() {
        return process().folder();
    }

    @Override
    default long pid() {
        return process().pid();
    }

    /** Stops the process and waits until it has gone; outside {@code dev} deletes its files. Blocks. */
    @Override
    default void close() {
        process().close();
    }
}
