package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a program to its end, bounded in time, and keeps what it printed.
 *
 * <p>The output goes to a file rather than a pipe: servers that a program starts in the
 * background may inherit its output and would otherwise hold a pipe open long after the program
 * itself has ended.
 */
final class Commands {

    /** What a finished (or abandoned) command printed and how it ended; -1 when it did not end or run. */
    record Result(List<String> command, int exitCode, String output) {

        Result {
            command = List.copyOf(command);
        }

        boolean succeeded() {
            return exitCode == 0;
        }

        /** The command line as a person would type it. */
        String commandLine() {
            return String.join(" ", command.stream().map(Commands::quote).toList());
        }

        /** The command, how it ended and what it printed, for a failure message. */
        String describe() {
            final String printed = output.isBlank() ? "nothing" : output.strip();
            return "`" + commandLine() + "` " + (exitCode < 0 ? "failed" : "exited " + exitCode) + " and printed: "
                    + printed;
        }
    }

    private Commands() {}

    /** Runs {@code command} in {@code directory}; never waits longer than {@code timeout}. */
    static Result run(final List<String> command, final Path directory, final Duration timeout) {
        final Path output;
        try {
            output = Files.createTempFile("jzenith-command-", ".log");
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create a temporary file for the output of " + command, e);
        }
        try {
            final Process process;
            try {
                process = new ProcessBuilder(command)
                        .directory(directory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .redirectInput(Redirect.PIPE)
                        .start();
            } catch (final IOException e) {
                return new Result(command, -1, "cannot run it: " + e.getMessage());
            }
            closeQuietly(process);
            final boolean ended = waitFor(process, timeout);
            final String printed = read(output);
            if (!ended) {
                process.destroyForcibly();
                return new Result(command, -1, printed + "\n(it did not end within " + timeout.toSeconds() + " s)");
            }
            return new Result(command, process.exitValue(), printed);
        } finally {
            try {
                Files.deleteIfExists(output);
            } catch (final IOException e) {
                // a temporary file left behind is harmless
            }
        }
    }

    private static void closeQuietly(final Process process) {
        try {
            process.getOutputStream().close(); // none of the programs reads its input
        } catch (final IOException e) {
            // nothing to close then
        }
    }

    private static boolean waitFor(final Process process, final Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while waiting for " + process.info(), e);
        }
    }

    private static String read(final Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            return "(its output could not be read: " + e + ")";
        }
    }

    private static String quote(final String word) {
        return word.isEmpty() || word.chars().anyMatch(c -> " \"'$\\*".indexOf(c) >= 0)
                ? "'" + word.replace("'", "'\\''") + "'"
                : word;
    }
}
