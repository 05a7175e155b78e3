package org.jzenith.test.services;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What starting a local service needs to know about and do on this machine; tests of the start
 * logic give a fake one.
 */
interface Machine {

    /** Whether this process runs as root. */
    boolean isRoot();

    /** The executable {@code name} (a name looked up on the PATH, or an absolute path). */
    Optional<Path> program(String name);

    /** The names of the folders in {@code parent}; empty when it does not exist. */
    List<String> folders(Path parent);

    /** Whether this process may create files in {@code folder}. */
    boolean writable(Path folder);

    /** Runs {@code command} to its end (bounded). */
    Commands.Result run(List<String> command);

    /** Whether {@code 127.0.0.1:port} accepts a TCP connection. */
    boolean accepts(int port);

    /** This machine. */
    static Machine local() {
        return new Local();
    }

    /** The real machine. */
    final class Local implements Machine {

        private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(90);

        @Override
        public boolean isRoot() {
            try {
                return new UnixSystem().getUid() == 0;
            } catch (final LinkageError | RuntimeException e) {
                return false; // not a Unix system: nothing here needs root
            }
        }

        @Override
        public Optional<Path> program(final String name) {
            return Programs.find(name);
        }

        @Override
        public List<String> folders(final Path parent) {
            if (!Files.isDirectory(parent)) {
                return List.of();
            }
            try (Stream<Path> children = Files.list(parent)) {
                return children.filter(Files::isDirectory)
                        .map(child -> child.getFileName().toString())
                        .sorted()
                        .toList();
            } catch (final IOException e) {
                throw new UncheckedIOException("cannot list " + parent, e);
            }
        }

        @Override
        public boolean writable(final Path folder) {
            return Files.isDirectory(folder) && Files.isWritable(folder);
        }

        @Override
        public Commands.Result run(final List<String> command) {
            return Commands.run(command, Path.of("/"), COMMAND_TIMEOUT);
        }

        @Override
        public boolean accepts(final int port) {
            return LocalServices.accepts(LocalServices.HOST, port);
        }
    }
}
