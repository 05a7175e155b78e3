package org.jzenith.jdbc;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.configuration.SettingProblem;

/**
 * The database the plugin connects to, resolved from {@link JdbcConfiguration}: the configured
 * URL, or the embedded H2 database in its folder. Knows how to show itself without secrets.
 *
 * @param url the JDBC URL to connect to
 * @param username the user, if any
 * @param password the password, if any; never shown
 * @param embeddedDirectory the embedded database's folder, when this is the embedded database
 */
record JdbcTarget(String url, Optional<String> username, Optional<String> password, Optional<Path> embeddedDirectory) {

    /** The embedded database's file name within its folder (H2 adds {@code .mv.db}). */
    static final String EMBEDDED_NAME = "jzenith";

    /** The embedded database's user when none is configured. */
    static final String EMBEDDED_USER = "sa";

    // PostgreSQL compatibility keeps migrations portable; the plugin closes the database itself
    // (when the pool closes), so H2's own shutdown hook must not close it under running requests.
    private static final String EMBEDDED_SETTINGS =
            ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_ON_EXIT=FALSE";

    // The same places Secrets.maskUrl masks.
    private static final Pattern URL_USER_INFO_PASSWORD = Pattern.compile("//[^/:@?#]*:([^/@?#]*)@");
    private static final Pattern URL_PASSWORD_PARAMETER = Pattern.compile("(?i)(?:password|pwd|secret|token)=([^&;]*)");

    static final String URL = "jdbc.url";

    /**
     * What is wrong with the connection settings of {@code configuration}: a {@code jdbc.url} that no
     * JDBC driver on the classpath accepts. Empty when they can be used.
     */
    static List<SettingProblem> problems(final JdbcConfiguration configuration) {
        if (of(configuration).hasDriver()) {
            return List.of();
        }
        return List.of(new SettingProblem(
                URL,
                "a URL that a JDBC driver on the classpath accepts; add your database's driver (such as"
                        + " org.postgresql:postgresql or org.mariadb.jdbc:mariadb-java-client) or correct jdbc.url"));
    }

    /** Whether a driver takes the URL; the driver manager's own message would show the URL unmasked. */
    private boolean hasDriver() {
        try {
            DriverManager.getDriver(url);
            return true;
        } catch (final SQLException e) {
            return false;
        }
    }

    static JdbcTarget of(final JdbcConfiguration configuration) {
        final Optional<String> password = configuration.password().filter(value -> !value.isEmpty());
        return configuration
                .url()
                .filter(url -> !url.isBlank())
                .map(url -> new JdbcTarget(url.strip(), configuration.username(), password, Optional.empty()))
                .orElseGet(() -> {
                    final Path directory = Path.of(configuration.embedded().directory())
                            .toAbsolutePath()
                            .normalize();
                    final String url =
                            "jdbc:h2:file:" + directory.resolve(EMBEDDED_NAME) + EMBEDDED_SETTINGS + ";CACHE_SIZE="
                                    + embeddedCacheKib(Runtime.getRuntime().maxMemory());
                    return new JdbcTarget(
                            url,
                            Optional.of(configuration.username().orElse(EMBEDDED_USER)),
                            password,
                            Optional.of(directory));
                });
    }

    /**
     * The embedded database's page cache, in KiB: a sixteenth of the heap, between 1 and 16 MiB.
     * H2's own default is 16 MiB whatever the heap, half of the 32 MiB heap a 128 MiB container
     * gets; a service's data grows into it and leaves its requests little room.
     */
    static long embeddedCacheKib(final long maxHeapBytes) {
        final long sixteenth = maxHeapBytes / 16 / 1024;
        return Math.max(1024, Math.min(16 * 1024, sixteenth));
    }

    boolean embedded() {
        return embeddedDirectory.isPresent();
    }

    /** The URL as it may be shown: any password in it masked. */
    String displayUrl() {
        return Secrets.maskUrl(url);
    }

    /** What is shown for the target in messages: {@code jdbc.url=...} or the embedded database. */
    String describe() {
        return embedded()
                ? "the embedded H2 database in jdbc.embedded.directory=" + embeddedDirectory.get()
                : "jdbc.url=" + displayUrl();
    }

    /** Never the password: {@link #describe()}. */
    @Override
    public String toString() {
        return describe();
    }

    /** {@code text} (such as a driver's message) with the URL and the password masked. */
    String mask(final String text) {
        String masked = text.replace(url, displayUrl());
        final List<String> secrets = new ArrayList<>();
        password.ifPresent(secrets::add);
        secrets.addAll(urlPasswords());
        for (final String secret : secrets) {
            if (!secret.isEmpty()) {
                masked = masked.replace(secret, Secrets.MASK);
            }
        }
        return Secrets.maskUrl(masked);
    }

    /** Passwords written into the URL, such as {@code //user:secret@host} or {@code password=secret}. */
    private List<String> urlPasswords() {
        final List<String> found = new ArrayList<>();
        for (final Pattern pattern : List.of(URL_USER_INFO_PASSWORD, URL_PASSWORD_PARAMETER)) {
            final Matcher matcher = pattern.matcher(url);
            while (matcher.find()) {
                found.add(matcher.group(1));
            }
        }
        return found;
    }
}
