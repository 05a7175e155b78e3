package org.jzenith.test.services;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the folder with PostgreSQL's server programs ({@code initdb}, {@code pg_ctl}): they are
 * not on the PATH in Debian's packages, and every packaging keeps them somewhere else.
 */
final class PostgresqlPrograms {

    /** The system property that names the folder, overriding the search. */
    static final String PROPERTY = "jzenith.postgresql.bin";
    /** The environment variable that names the folder, overriding the search. */
    static final String VARIABLE = "JZENITH_POSTGRESQL_BIN";

    static final List<String> NEEDED = List.of("initdb", "pg_ctl");

    private static final Pattern VERSION = Pattern.compile("(\\d+)(?:\\.(\\d+))?");

    private PostgresqlPrograms() {}

    /** The folder named by {@link #PROPERTY} or {@link #VARIABLE}, else the newest installed one. */
    static Path find() {
        final Optional<String> override = Optional.ofNullable(System.getProperty(PROPERTY))
                .or(() -> Optional.ofNullable(System.getenv(VARIABLE)))
                .filter(value -> !value.isBlank());
        if (override.isPresent()) {
            final Path folder = Path.of(override.get());
            if (!hasPrograms(folder)) {
                throw new IllegalStateException(
                        folder + " (from " + PROPERTY + " or " + VARIABLE + ") does not hold PostgreSQL's " + NEEDED);
            }
            return folder;
        }
        final List<Path> candidates = candidates();
        return firstWithPrograms(candidates).orElseThrow(() -> missing(candidates));
    }

    /** The first of {@code candidates} that holds every program in {@link #NEEDED}. */
    static Optional<Path> firstWithPrograms(final List<Path> candidates) {
        return candidates.stream().filter(PostgresqlPrograms::hasPrograms).findFirst();
    }

    static IllegalStateException missing(final List<Path> looked) {
        return new IllegalStateException("PostgreSQL's server programs " + NEEDED + " were not found (looked in "
                + looked + " and the PATH). Install them: apt-get install -y postgresql (Debian, Ubuntu),"
                + " dnf install postgresql-server (Fedora, RHEL), brew install postgresql (macOS); or name their"
                + " folder with -D" + PROPERTY + "=... or " + VARIABLE + "=...");
    }

    /** Where packagings put them, newest version first, then the PATH. */
    private static List<Path> candidates() {
        final List<Path> candidates = new ArrayList<>();
        candidates.addAll(versioned(Path.of("/usr/lib/postgresql"), "", "bin")); // Debian, Ubuntu
        candidates.addAll(versioned(Path.of("/usr"), "pgsql-", "bin")); // PGDG on Fedora, RHEL
        candidates.add(Path.of("/usr/local/pgsql/bin")); // built from source
        candidates.addAll(versioned(Path.of("/opt/homebrew/opt"), "postgresql@", "bin")); // Homebrew
        candidates.addAll(versioned(Path.of("/usr/local/opt"), "postgresql@", "bin"));
        Programs.find("initdb").map(Path::getParent).ifPresent(candidates::add);
        return candidates;
    }

    /** {@code parent/<prefix><version>/<bin>} for each installed version, the newest first. */
    private static List<Path> versioned(final Path parent, final String prefix, final String bin) {
        if (!Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(parent)) {
            return children.map(child -> child.getFileName().toString())
                    .filter(name -> name.startsWith(prefix))
                    .map(name -> name.substring(prefix.length()))
                    .filter(version -> VERSION.matcher(version).matches())
                    .sorted(Comparator.comparingLong(PostgresqlPrograms::versionOrder)
                            .reversed())
                    .map(version -> parent.resolve(prefix + version).resolve(bin))
                    .toList();
        } catch (final java.io.IOException e) {
            return List.of();
        }
    }

    static long versionOrder(final String version) {
        final Matcher matcher = VERSION.matcher(version);
        if (!matcher.matches()) {
            return -1;
        }
        final long minor = matcher.group(2) == null ? 0 : Long.parseLong(matcher.group(2));
        return Long.parseLong(matcher.group(1)) * 1000 + minor;
    }

    private static boolean hasPrograms(final Path folder) {
        return NEEDED.stream().map(folder::resolve).allMatch(Files::isExecutable);
    }
}
