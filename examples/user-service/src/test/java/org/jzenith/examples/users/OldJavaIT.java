package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Java 17, the default {@code java} of many machines (and of this one's {@code /usr/bin/java}),
 * meets jZenith's jar and build with one sentence that says Java 25 is needed and which Java it
 * found, not with a class version stack trace or an unrecognized JVM option. Runs the Java 17 under
 * {@code /usr/lib/jvm}; a machine without one fails this test rather than skipping it.
 */
class OldJavaIT {

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path REPOSITORY = MODULE.getParent().getParent();

    @Test
    void theJarStartedByJava17SaysInOneLineThatItNeedsJava25() throws Exception {
        final Path java17 = java17Home();
        final Result result = run(
                List.of(
                        java17.resolve("bin/java").toString(),
                        "-jar",
                        MODULE.resolve("target/user-service.jar").toString()),
                Map.of());
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.lines()).hasSize(1);
        assertThat(result.lines().getFirst())
                .startsWith("jZenith needs Java 25 or newer, but this is Java 17.")
                .contains("(" + java17.toRealPath() + ")");
    }

    @Test
    void theWrapperWithOnlyJava17SaysInOneLineThatBuildsNeedJava25() throws Exception {
        final Path java17 = java17Home();
        final Path noInstalls = Files.createTempDirectory("no-jdk-installed");
        final Result result = run(
                List.of(REPOSITORY.resolve("mvnw").toString(), "-v"),
                Map.of(
                        "JAVA_HOME", java17.toString(),
                        "PATH", java17.resolve("bin") + ":/usr/bin:/bin",
                        // The usual install folders, where this machine's JDK 25 is, are looked up here instead.
                        "JZENITH_JDK_ROOT", noInstalls.toString()));
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.lines()).hasSize(1);
        assertThat(result.lines().getFirst())
                .startsWith(
                        "jZenith needs a JDK 25 or newer to build and run, and found only " + java17 + " (Java 17)");
    }

    /**
     * The wrapper runs with {@code set -f}: the JDK search's patterns ({@code /usr/lib/jvm/*25*}) did not
     * expand there, so a JDK 25 under any name but Temurin's own was never found.
     */
    @Test
    void theWrapperFindsAJdk25InstalledUnderAnotherName() throws Exception {
        final Path java17 = java17Home();
        final Path root = Files.createTempDirectory("jdk-installed");
        final Path jvm = Files.createDirectories(root.resolve("usr/lib/jvm"));
        final Path jdk25 = Files.createSymbolicLink(
                jvm.resolve("zulu-25.0.1-linux_x64"), Path.of(System.getProperty("java.home")));
        final Result result = run(
                List.of(REPOSITORY.resolve("mvnw").toString(), "-v"),
                Map.of(
                        "JAVA_HOME", java17.toString(),
                        "PATH", java17.resolve("bin") + ":/usr/bin:/bin",
                        "JZENITH_JDK_ROOT", root.toString()));
        assertThat(result.exitCode()).as("%s", result.lines()).isZero();
        assertThat(result.lines()).anyMatch(line -> line.contains("using the one at " + jdk25));
    }

    /** Plain Maven (not the wrapper) reads .mvn/jvm.config: an option Java 17 lacks stopped it before it began. */
    @Test
    void plainMavenOnJava17AcceptsTheJvmConfig() throws Exception {
        final Path java17 = java17Home();
        final Result result = run(List.of(maven().toString(), "-v"), Map.of("JAVA_HOME", java17.toString()));
        assertThat(result.lines()).noneMatch(line -> line.contains("Unrecognized option"));
        assertThat(result.exitCode()).as("%s", result.lines()).isZero();
        assertThat(result.lines()).anyMatch(line -> line.startsWith("Java version: 17."));
    }

    private static Path java17Home() throws IOException {
        try (Stream<Path> homes = Files.list(Path.of("/usr/lib/jvm"))) {
            return homes.filter(home -> home.getFileName().toString().contains("17"))
                    .filter(home -> Files.isExecutable(home.resolve("bin/java")))
                    .sorted()
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("this test needs a Java 17 under /usr/lib/jvm"));
        }
    }

    /** The Maven that ./mvnw downloaded: a plain Maven, run without the wrapper's JDK search. */
    private static Path maven() throws IOException {
        final Path dists = Path.of(System.getProperty("user.home"), ".m2/wrapper/dists");
        try (Stream<Path> found = Files.walk(dists, 3)) {
            return found.filter(path -> path.getFileName().toString().equals("bin"))
                    .map(bin -> bin.resolve("mvn"))
                    .filter(Files::isExecutable)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no Maven under " + dists + "; run ./mvnw once"));
        }
    }

    private static Result run(final List<String> command, final Map<String, String> environment) throws Exception {
        final ProcessBuilder builder =
                new ProcessBuilder(command).directory(REPOSITORY.toFile()).redirectErrorStream(true);
        builder.environment().remove("JAVA_HOME");
        builder.environment().remove("JZENITH_JDK_CHECKED");
        builder.environment().remove("MAVEN_OPTS");
        builder.environment().putAll(environment);
        final Process process = builder.start();
        process.getOutputStream().close();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        final List<String> lines = new ArrayList<>(output.lines().toList());
        return new Result(process.exitValue(), lines);
    }

    private record Result(int exitCode, List<String> lines) {}
}
