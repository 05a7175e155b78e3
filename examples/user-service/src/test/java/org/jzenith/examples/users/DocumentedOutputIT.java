package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What README.md and docs/ show the user service printing is what it prints. Every fenced block on
 * the line after {@code <!-- output: user-service -->} starts with the command, {@code $ bin/user-service
 * ARGS}, and goes on with its output; this test runs each command through the built launcher and
 * compares. With {@code -Ddocs.update=true} ({@code scripts/update-doc-outputs.sh}) it writes what the
 * commands printed into the blocks instead, as {@code scripts/update-snippets.sh} does for the Java.
 *
 * <p>The commands are ones that stop at start-up (a misconfiguration): a command whose service starts
 * is a problem, since its output would depend on the machine.
 */
class DocumentedOutputIT {

    static final String MARKER = "<!-- output: user-service -->";
    static final String PROMPT = "$ bin/user-service";
    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Path LAUNCHER =
            Path.of("target/user-service/bin/user-service").toAbsolutePath();

    @TempDir
    Path workingDirectory;

    @Test
    void everyDocumentedAnswerOfTheUserServiceIsWhatItPrints() throws IOException, InterruptedException {
        assertThat(LAUNCHER)
                .as(
                        "the user service's distribution, built by ./mvnw package (not with -Djzenith.distribution.skip=true)")
                .isExecutable();
        final boolean update = Boolean.getBoolean("docs.update");
        final List<String> problems = new ArrayList<>();
        int checked = 0;
        for (final Path markdown : markdownFiles()) {
            final List<String> lines = Files.readAllLines(markdown, StandardCharsets.UTF_8);
            final List<String> rewritten = new ArrayList<>();
            boolean changed = false;
            int i = 0;
            while (i < lines.size()) {
                rewritten.add(lines.get(i));
                if (!lines.get(i).strip().equals(MARKER)) {
                    i++;
                    continue;
                }
                final String where = ROOT.relativize(markdown) + ":" + (i + 1);
                final int close = closingFence(lines, i + 1);
                if (close < 0 || !lines.get(i + 2).startsWith(PROMPT)) {
                    problems.add(where + ": the marker must stand above a ``` block whose first line is \"" + PROMPT
                            + " ARGS\", then the output");
                    i++;
                    continue;
                }
                checked++;
                final String command = lines.get(i + 2);
                final List<String> shown = lines.subList(i + 3, close);
                final List<String> printed =
                        run(command.substring(PROMPT.length()).strip());
                rewritten.add(lines.get(i + 1));
                rewritten.add(command);
                if (printed.equals(shown)) {
                    rewritten.addAll(shown);
                } else if (update) {
                    rewritten.addAll(printed);
                    changed = true;
                    System.out.println("updated the output at " + where);
                } else {
                    rewritten.addAll(shown);
                    problems.add(where + ": `" + command.substring(2) + "` prints\n" + String.join("\n", printed)
                            + "\n    where the doc shows\n" + String.join("\n", shown));
                }
                rewritten.add(lines.get(close));
                i = close + 1;
            }
            if (changed) {
                Files.write(markdown, rewritten, StandardCharsets.UTF_8);
            }
        }
        assertThat(checked)
                .as("blocks under " + MARKER + " in README.md and docs/")
                .isPositive();
        if (!problems.isEmpty()) {
            fail(problems.size() + " documented output(s) of the user service differ from what it prints:\n  - "
                    + String.join("\n  - ", problems)
                    + "\nIf the service is right, rewrite the blocks: scripts/update-doc-outputs.sh");
        }
    }

    /** What the launcher prints for these arguments, standard output and error together. */
    private List<String> run(final String arguments) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(Arrays.asList(arguments.split("\\s+")));
        final Path output = workingDirectory.resolve("output.txt");
        final ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        // The launcher looks for Java 25 through JAVA_HOME first: the JDK running the build is one.
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("JAVA_OPTS");
        final Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            return List.of("(the service started instead of stopping at start-up: document a command that fails)");
        }
        final List<String> lines = new ArrayList<>(Files.readAllLines(output, StandardCharsets.UTF_8));
        while (!lines.isEmpty() && lines.getLast().isBlank()) {
            lines.removeLast();
        }
        return lines;
    }

    private static List<Path> markdownFiles() throws IOException {
        final List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> walk = Files.walk(ROOT.resolve("docs"))) {
            walk.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    /** The line closing the fence that opens at {@code open}, or -1 when there is no block there. */
    private static int closingFence(final List<String> lines, final int open) {
        if (open >= lines.size() || !lines.get(open).startsWith("```")) {
            return -1;
        }
        for (int i = open + 1; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("```")) {
                return i > open + 1 ? i : -1;
            }
        }
        return -1;
    }
}
