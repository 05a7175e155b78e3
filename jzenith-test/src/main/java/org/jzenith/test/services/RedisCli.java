package org.jzenith.test.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The machine's {@code redis-cli}, for setting up the private clusters and sentinels of the test kit. */
final class RedisCli {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Path program;
    private final Path directory;
    private final List<String> tls;

    private RedisCli(final Path program, final Path directory, final List<String> tls) {
        this.program = program;
        this.directory = directory;
        this.tls = List.copyOf(tls);
    }

    /** {@code redis-cli} from the PATH, run in {@code directory}; fails saying what to install. */
    static RedisCli in(final Path directory) {
        return new RedisCli(
                Programs.find("redis-cli")
                        .orElseThrow(() -> new IllegalStateException("redis-cli was not found on the PATH. Install it:"
                                + " apt-get install -y redis-tools (Debian, Ubuntu), dnf install redis (Fedora),"
                                + " brew install redis (macOS)")),
                directory,
                List.of());
    }

    /** The same, talking TLS to servers that speak {@code tls}, when they do. */
    RedisCli with(final Optional<PrivateRedis.Tls> tls) {
        return new RedisCli(
                program, directory, tls.map(PrivateRedis.Tls::cliArguments).orElse(List.of()));
    }

    /** The answer of {@code arguments} sent to the server at {@code port}, or an empty string if it failed. */
    String ask(final int port, final String... arguments) {
        final Commands.Result result = run(port, arguments);
        return result.succeeded() ? result.output().strip() : "";
    }

    /** Runs {@code redis-cli} with {@code arguments}; fails with what it printed when it exits non-zero. */
    String require(final String... arguments) {
        final List<String> command = new ArrayList<>(List.of(program.toString()));
        command.addAll(tls);
        command.addAll(List.of(arguments));
        final Commands.Result result = Commands.run(command, directory, TIMEOUT);
        if (!result.succeeded()) {
            throw new IllegalStateException(result.describe());
        }
        return result.output();
    }

    private Commands.Result run(final int port, final String... arguments) {
        final List<String> command =
                new ArrayList<>(List.of(program.toString(), "-h", LocalServices.HOST, "-p", Integer.toString(port)));
        command.addAll(tls);
        command.addAll(List.of(arguments));
        return Commands.run(command, directory, TIMEOUT);
    }
}
