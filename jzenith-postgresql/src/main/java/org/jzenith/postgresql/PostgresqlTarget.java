package org.jzenith.postgresql;

import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.configuration.SettingProblem;

/**
 * The server, database and role the plugin connects to, resolved from {@link
 * PostgresqlConfiguration}: from {@code postgresql.url} when it is set, else from the separate keys.
 * Knows which key each part came from, so that a failure names the key to fix, and shows itself
 * without the password. Immutable.
 *
 * @param options the Vert.x client's options (a copy is handed out, never this one)
 * @param url the configured URL, if the target came from one
 * @param userKey the key that set the user
 * @param passwordKey the key that set the password
 * @param databaseKey the key that set the database
 */
record PostgresqlTarget(
        PgConnectOptions options, Optional<String> url, String userKey, String passwordKey, String databaseKey) {

    static final String URL = "postgresql.url";
    static final String HOST = "postgresql.host";
    static final String PORT = "postgresql.port";
    static final String DATABASE = "postgresql.database";
    static final String USERNAME = "postgresql.username";
    static final String PASSWORD = "postgresql.password";

    /** The host when none is configured, outside the dev services. */
    static final String DEFAULT_HOST = "127.0.0.1";

    private static final String JDBC_PREFIX = "jdbc:";

    /** Whether {@code configuration} names a server: a host or a URL. */
    static boolean namesServer(final PostgresqlConfiguration configuration) {
        return configuration.host().isPresent()
                || configuration.url().filter(url -> !url.isBlank()).isPresent();
    }

    /**
     * The embedded server of the dev services on {@code port}: the configured database, as the
     * superuser {@code postgres} without a password (trust on the loopback address).
     *
     * @throws IllegalArgumentException when the database is not set
     */
    static PostgresqlTarget embedded(final int port, final PostgresqlConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        final PgConnectOptions options = new PgConnectOptions()
                .setHost(DEFAULT_HOST)
                .setPort(port)
                .setDatabase(required(DATABASE, configuration.database(), problems))
                .setUser(EMBEDDED_USER)
                .setPassword("");
        SettingProblem.requireNone(problems);
        return new PostgresqlTarget(options, Optional.empty(), USERNAME, PASSWORD, DATABASE);
    }

    /** The superuser of the embedded server. */
    static final String EMBEDDED_USER = "postgres";

    /** What is wrong with the connection settings of {@code configuration}, every key; empty when they can be used. */
    static List<SettingProblem> problems(final PostgresqlConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        read(configuration, problems);
        return List.copyOf(problems);
    }

    /**
     * The target {@code configuration} describes.
     *
     * @throws IllegalArgumentException naming every key of the {@link #problems}, when there are any
     */
    static PostgresqlTarget of(final PostgresqlConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        final Optional<PostgresqlTarget> target = read(configuration, problems);
        SettingProblem.requireNone(problems);
        return target.orElseThrow();
    }

    /** The target, adding to {@code problems} what cannot be used; empty when the URL cannot be read. */
    private static Optional<PostgresqlTarget> read(
            final PostgresqlConfiguration configuration, final List<SettingProblem> problems) {
        final Optional<String> password = configuration.password().filter(value -> !value.isEmpty());
        final Optional<String> url = configuration.url().map(String::strip).filter(value -> !value.isEmpty());
        if (url.isPresent()) {
            return fromUrl(url.get(), configuration, password, problems);
        }
        final String host = configuration.host().orElse(DEFAULT_HOST);
        if (host.isBlank()) {
            problems.add(new SettingProblem(HOST, "the server's host name or address, not nothing"));
        }
        final PgConnectOptions options = new PgConnectOptions()
                .setHost(host.strip())
                .setPort(configuration.port())
                .setDatabase(required(DATABASE, configuration.database(), problems))
                .setUser(required(USERNAME, configuration.username(), problems))
                .setPassword(password.orElse(""));
        return Optional.of(new PostgresqlTarget(options, Optional.empty(), USERNAME, PASSWORD, DATABASE));
    }

    private static Optional<PostgresqlTarget> fromUrl(
            final String url,
            final PostgresqlConfiguration configuration,
            final Optional<String> password,
            final List<SettingProblem> problems) {
        // The client's parser takes neither jdbc: nor an empty database path ("//db/?...").
        final String vertxUrl = (url.startsWith(JDBC_PREFIX) ? url.substring(JDBC_PREFIX.length()) : url)
                .replaceFirst("^([A-Za-z]+://[^/?#]*)/(?=\\?|$)", "$1");
        final PgConnectOptions parsed;
        final UrlParts parts;
        try {
            parsed = PgConnectOptions.fromUri(jdbcParameters(vertxUrl));
            parts = UrlParts.of(vertxUrl);
        } catch (final IllegalArgumentException | URISyntaxException e) {
            problems.add(new SettingProblem(
                    URL,
                    "postgresql://user:password@host:port/database (each part optional, parameters such as"
                            + " ?sslmode=require after it)"));
            return Optional.empty();
        }
        // The client drops its default session settings when the URL has parameters of its own.
        final Map<String, String> properties = new HashMap<>(PgConnectOptions.DEFAULT_PROPERTIES);
        properties.putAll(parsed.getProperties());
        parsed.setProperties(properties);
        if (!parts.user()) {
            parsed.setUser(required(USERNAME, configuration.username(), problems));
        }
        if (!parts.password()) {
            parsed.setPassword(password.orElse(""));
        }
        if (!parts.database()) {
            parsed.setDatabase(required(DATABASE, configuration.database(), problems));
        }
        return Optional.of(new PostgresqlTarget(
                parsed,
                Optional.of(url),
                parts.user() ? URL : USERNAME,
                parts.password() ? URL : PASSWORD,
                parts.database() ? URL : DATABASE));
    }

    /** JDBC's {@code currentSchema} is the client's {@code search_path}. */
    private static String jdbcParameters(final String url) {
        return url.replaceFirst("([?&])currentSchema=", "$1search_path=");
    }

    private static String required(final String key, final String value, final List<SettingProblem> problems) {
        if (value.isBlank()) {
            problems.add(new SettingProblem(key, "a value, not nothing"));
        }
        return value.strip();
    }

    /** A copy of the client's options, to configure further. */
    PgConnectOptions connectOptions() {
        return new PgConnectOptions(options);
    }

    /** The key that set the host and port. */
    String addressKeys() {
        return url.isPresent() ? URL : HOST + " and " + PORT;
    }

    /** The JDBC URL Flyway connects with: the same server, database, TLS mode and schema. */
    String jdbcUrl() {
        final StringBuilder jdbc = new StringBuilder("jdbc:postgresql://")
                .append(options.getHost().contains(":") ? "[" + options.getHost() + "]" : options.getHost())
                .append(':')
                .append(options.getPort())
                .append('/')
                .append(encode(options.getDatabase()))
                .append("?sslmode=")
                .append(sslMode());
        final String schema = options.getProperties().get("search_path");
        if (schema != null && !schema.isBlank()) {
            jdbc.append("&currentSchema=").append(encode(schema));
        }
        return jdbc.toString();
    }

    private String sslMode() {
        final SslMode mode = Optional.ofNullable(options.getSslMode()).orElse(SslMode.DISABLE);
        return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String encode(final String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Where and as whom: {@code postgres@127.0.0.1:5432/test}; never the password. */
    String address() {
        return options.getUser() + "@" + options.getHost() + ":" + options.getPort() + "/" + options.getDatabase();
    }

    /** What is shown for the target in messages; never the password. */
    String describe() {
        return url.map(value -> URL + "=" + Secrets.maskUrl(value) + " (" + address() + ")")
                .orElseGet(() -> address() + " (" + HOST + ", " + PORT + ", " + DATABASE + ", " + USERNAME + ")");
    }

    /** Never the password: {@link #describe()}. */
    @Override
    public String toString() {
        return describe();
    }

    /** {@code text} (such as a driver's message) with the password and the URL masked. */
    String mask(final String text) {
        String masked = text;
        if (url.isPresent()) {
            masked = masked.replace(url.get(), Secrets.maskUrl(url.get()));
        }
        final String secret = options.getPassword();
        if (secret != null && !secret.isEmpty()) {
            masked = masked.replace(secret, Secrets.MASK);
        }
        return Secrets.maskUrl(masked);
    }

    /** Which parts a URL names itself, in its user info, path or parameters. */
    private record UrlParts(boolean user, boolean password, boolean database) {

        static UrlParts of(final String url) throws URISyntaxException {
            final URI uri = new URI(url);
            final String userInfo = Optional.ofNullable(uri.getRawUserInfo()).orElse("");
            final String path = Optional.ofNullable(uri.getRawPath()).orElse("");
            final Map<String, String> parameters = new HashMap<>();
            for (final String parameter :
                    Optional.ofNullable(uri.getRawQuery()).orElse("").split("&")) {
                final int equals = parameter.indexOf('=');
                if (equals > 0) {
                    parameters.put(parameter.substring(0, equals), parameter.substring(equals + 1));
                }
            }
            final int colon = userInfo.indexOf(':');
            final String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            return new UrlParts(
                    !user.isEmpty() || parameters.containsKey("user"),
                    colon >= 0 || parameters.containsKey("password"),
                    path.length() > 1 || parameters.containsKey("dbname"));
        }
    }
}
