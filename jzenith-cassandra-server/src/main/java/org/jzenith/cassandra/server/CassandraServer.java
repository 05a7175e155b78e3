package org.jzenith.cassandra.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the Cassandra server comes from: its class path, resolved by Maven when this module was
 * built ({@code org.apache.cassandra:cassandra-all} and its dependencies, never on the application's
 * own class path), and a Java that Cassandra 5.0 runs on (11 or 17; it refuses newer ones).
 *
 * <pre>{@code
 * String classpath = CassandraServer.classpath();   // or -Djzenith.cassandra.classpath=...
 * Path java = CassandraServer.java();               // or -Djzenith.cassandra.java=/path/to/jdk-17
 * }</pre>
 */
public final class CassandraServer {

    /** Names another class path for the server: {@code -Djzenith.cassandra.classpath=a.jar:b.jar}. */
    public static final String CLASSPATH_PROPERTY = "jzenith.cassandra.classpath";

    /** Names the Java to run it on, a JDK's folder or its {@code java}: {@code -Djzenith.cassandra.java=...}. */
    public static final String JAVA_PROPERTY = "jzenith.cassandra.java";

    /** The Cassandra version this module resolves. */
    public static final String VERSION = "5.0.6";

    private static final String RESOURCE = "cassandra.classpath";
    private static final Path JVMS = Path.of("/usr/lib/jvm");
    private static final List<Integer> SUPPORTED_JAVA = List.of(17, 11);

    private CassandraServer() {}

    /**
     * The server's class path: {@value #CLASSPATH_PROPERTY} when set, else the one Maven wrote into
     * this module's jar.
     *
     * @throws IllegalStateException when a jar of it is missing, naming it and the fix
     */
    public static String classpath() {
        final String classpath = Optional.ofNullable(System.getProperty(CLASSPATH_PROPERTY))
                .filter(value -> !value.isBlank())
                .orElseGet(CassandraServer::builtClasspath);
        final Optional<String> missing = Arrays.stream(classpath.split(java.io.File.pathSeparator))
                .filter(entry -> !Files.exists(Path.of(entry)))
                .findFirst();
        if (missing.isPresent()) {
            throw new IllegalStateException("the Cassandra server's class path names " + missing.get()
                    + ", which is not there: the local Maven repository it was resolved into has changed."
                    + " Build jzenith-cassandra-server again with the repository you use, or name a class path"
                    + " that holds org.apache.cassandra:cassandra-all:" + VERSION + " with -D" + CLASSPATH_PROPERTY
                    + "=...");
        }
        return classpath;
    }

    private static String builtClasspath() {
        try (InputStream in = CassandraServer.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("jzenith-cassandra-server was built without its " + RESOURCE
                        + " (Maven's dependency:build-classpath writes it): build it with Maven");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read the Cassandra server's class path", e);
        }
    }

    /**
     * The {@code java} to run Cassandra with: {@value #JAVA_PROPERTY} when set; else this JVM's when it
     * is Java 17 or 11; else a JDK 17 or 11 under {@code /usr/lib/jvm} (Debian's and Temurin's
     * packages put them there).
     *
     * @throws IllegalStateException when there is none, saying what to install or set
     */
    public static Path java() {
        final Optional<String> named =
                Optional.ofNullable(System.getProperty(JAVA_PROPERTY)).filter(value -> !value.isBlank());
        if (named.isPresent()) {
            final Path given = Path.of(named.get());
            final Path java = Files.isDirectory(given) ? given.resolve("bin").resolve("java") : given;
            if (!Files.isExecutable(java)) {
                throw new IllegalStateException(
                        "-D" + JAVA_PROPERTY + "=" + named.get() + " names no Java: " + java + " is not executable");
            }
            return java;
        }
        if (SUPPORTED_JAVA.contains(Runtime.version().feature())) {
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }
        return installedJava()
                .orElseThrow(() -> new IllegalStateException("Cassandra " + VERSION
                        + " runs on Java 17 or 11, and this JVM is Java "
                        + Runtime.version().feature()
                        + " with no JDK 17 or 11 under " + JVMS + ". Install one (Debian: apt-get install"
                        + " openjdk-17-jre-headless) or name it with -D" + JAVA_PROPERTY + "=/path/to/jdk-17"));
    }

    private static Optional<Path> installedJava() {
        if (!Files.isDirectory(JVMS)) {
            return Optional.empty();
        }
        try (Stream<Path> folders = Files.list(JVMS)) {
            final List<Path> candidates = folders.filter(folder -> !Files.isSymbolicLink(folder))
                    .map(folder -> folder.resolve("bin").resolve("java"))
                    .filter(Files::isExecutable)
                    .toList();
            return SUPPORTED_JAVA.stream()
                    .flatMap(version -> candidates.stream()
                            .filter(java -> isVersion(java, version))
                            .sorted(Comparator.comparing(Path::toString)))
                    .findFirst();
        } catch (final IOException e) {
            return Optional.empty();
        }
    }

    /** Whether the JDK of {@code java} is {@code version}, by its {@code release} file. */
    private static boolean isVersion(final Path java, final int version) {
        final Path release = java.getParent().getParent().resolve("release");
        try {
            return Files.readAllLines(release, StandardCharsets.UTF_8).stream()
                    .anyMatch(line -> line.startsWith("JAVA_VERSION=\"" + version + ".")
                            || line.equals("JAVA_VERSION=\"" + version + "\""));
        } catch (final IOException e) {
            return false;
        }
    }
}
