package org.jzenith.redis;

import io.vertx.core.net.NetClientOptions;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.configuration.SettingProblem;

/**
 * The Redis servers the plugin talks to and how, resolved and checked from {@link
 * RedisConfiguration}. Knows how to show itself without secrets.
 *
 * @param endpoints the connection strings, one or more
 * @param type standalone, sentinel, cluster or replication
 * @param masterName the sentinels' master
 * @param password the configured password, if any; never shown
 * @param poolSize connections in the pool
 * @param maxWaiting commands that may wait for a pooled connection
 * @param connectTimeout how long opening a connection may take
 * @param commandTimeout how long a command may take in all
 * @param maxWaitingHandlers answers one connection may wait for
 * @param tls how to speak TLS, when the servers are {@code rediss://}
 */
record RedisTarget(
        List<String> endpoints,
        RedisClientType type,
        String masterName,
        Optional<String> password,
        int poolSize,
        int maxWaiting,
        Duration connectTimeout,
        Duration commandTimeout,
        int maxWaitingHandlers,
        Optional<RedisTls> tls) {

    /** The pool's name: the {@code pool_name} tag of the {@code vertx_pool_*} metrics. */
    static final String POOL_NAME = "redis";

    static final String CONNECTION_STRING = "redis.connection-string";

    /** Where Redis is when {@code redis.connection-string} is not set, outside the dev services. */
    static final String DEFAULT_CONNECTION_STRING = "redis://127.0.0.1:6379";

    private static final List<String> SCHEMES = List.of("redis", "rediss", "unix");
    private static final Pattern URL_USER_INFO_PASSWORD = Pattern.compile("//[^/:@?#]*:([^/@?#]*)@");

    RedisTarget {
        endpoints = List.copyOf(endpoints);
    }

    /** What is wrong with the connection settings of {@code configuration}; empty when they can be used. */
    static List<SettingProblem> problems(final RedisConfiguration configuration) {
        return problems(configuration, connectionString(configuration));
    }

    private static List<SettingProblem> problems(
            final RedisConfiguration configuration, final String connectionString) {
        final List<SettingProblem> problems = new ArrayList<>();
        final List<String> endpoints = endpoints(connectionString);
        if (endpoints.isEmpty()) {
            problems.add(new SettingProblem(CONNECTION_STRING, "a server, such as redis://host:port"));
        }
        for (final String endpoint : endpoints) {
            checkEndpoint(endpoint).ifPresent(problem -> problems.add(new SettingProblem(CONNECTION_STRING, problem)));
        }
        if (endpoints.size() > 1 && configuration.type() == RedisClientType.STANDALONE) {
            problems.add(new SettingProblem(
                    CONNECTION_STRING,
                    "one server for redis.type=standalone, not " + endpoints.size()
                            + "; set redis.type to sentinel, cluster or replication, or name one server"));
        }
        problems.addAll(RedisTls.problems(configuration.tls(), endpoints));
        return List.copyOf(problems);
    }

    /**
     * The target {@code configuration} describes.
     *
     * @throws IllegalArgumentException listing the {@link #problems} when there are any
     */
    static RedisTarget of(final RedisConfiguration configuration) {
        return of(configuration, connectionString(configuration));
    }

    /** The target {@code configuration} describes, but at {@code connectionString} (a dev service's). */
    static RedisTarget of(final RedisConfiguration configuration, final String connectionString) {
        SettingProblem.requireNone(problems(configuration, connectionString));
        final List<String> endpoints = endpoints(connectionString);
        return new RedisTarget(
                endpoints,
                configuration.type(),
                configuration.masterName(),
                configuration.password().filter(password -> !password.isEmpty()),
                configuration.pool().size(),
                configuration.pool().maxWaiting(),
                configuration.connectTimeout(),
                configuration.commandTimeout(),
                configuration.maxWaitingHandlers(),
                RedisTls.of(configuration.tls(), endpoints));
    }

    private static String connectionString(final RedisConfiguration configuration) {
        return configuration.connectionString().orElse(DEFAULT_CONNECTION_STRING);
    }

    private static List<String> endpoints(final String connectionString) {
        return Arrays.stream(connectionString.split(","))
                .map(String::strip)
                .filter(endpoint -> !endpoint.isEmpty())
                .toList();
    }

    private static Optional<String> checkEndpoint(final String endpoint) {
        final int colon = endpoint.indexOf("://");
        final String scheme = colon < 0 ? "" : endpoint.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!SCHEMES.contains(scheme)) {
            return Optional.of("redis://[[user]:password@]host[:port][/database], rediss://... (TLS) or"
                    + " unix://path, several separated by commas for sentinel, cluster and replication");
        }
        if (scheme.equals("unix")) {
            return Optional.empty();
        }
        try {
            final URI uri = new URI(endpoint);
            if (uri.getHost() == null) {
                return Optional.of("a host in " + Secrets.maskUrl(endpoint));
            }
            final String path = uri.getPath();
            if (path != null
                    && !path.isEmpty()
                    && !path.equals("/")
                    && !path.substring(1).matches("\\d+")) {
                return Optional.of("a database number as the path of " + Secrets.maskUrl(endpoint));
            }
            return Optional.empty();
        } catch (final URISyntaxException e) {
            return Optional.of("a URL, not " + Secrets.maskUrl(endpoint));
        }
    }

    /** The Vert.x client's options. */
    RedisOptions options() {
        final RedisOptions options = new RedisOptions()
                .setType(type)
                .setEndpoints(new ArrayList<>(endpoints))
                .setMasterName(masterName)
                .setMaxPoolSize(poolSize)
                .setMaxPoolWaiting(maxWaiting)
                .setMaxWaitingHandlers(maxWaitingHandlers)
                .setPoolName(POOL_NAME)
                .setNetClientOptions(netClientOptions());
        password.ifPresent(options::setPassword);
        return options;
    }

    /** Options for a client of the first server alone, with the same TLS: to ask it why a handshake fails. */
    RedisOptions firstServerAlone() {
        return options()
                .setType(RedisClientType.STANDALONE)
                .setEndpoints(new ArrayList<>(List.of(endpoints.getFirst())))
                .setMaxPoolSize(1)
                .setPoolName(POOL_NAME + "-handshake");
    }

    private NetClientOptions netClientOptions() {
        final NetClientOptions options = new NetClientOptions()
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
                .setTcpNoDelay(true)
                .setTcpKeepAlive(true);
        tls.ifPresent(secure -> secure.applyTo(options));
        return options;
    }

    /** What is shown for the target in messages: {@code redis.connection-string=...}, passwords masked. */
    String describe() {
        return "redis.connection-string=" + displayEndpoints();
    }

    /** The connection strings as they may be shown, separated by commas. */
    String displayEndpoints() {
        return String.join(",", endpoints.stream().map(Secrets::maskUrl).toList());
    }

    /** Never the password: {@link #describe()}. */
    @Override
    public String toString() {
        return describe();
    }

    /** {@code text} (such as the client's message) with the passwords masked. */
    String mask(final String text) {
        String masked = text;
        final List<String> secrets = new ArrayList<>();
        password.ifPresent(secrets::add);
        for (final String endpoint : endpoints) {
            final Matcher matcher = URL_USER_INFO_PASSWORD.matcher(endpoint);
            while (matcher.find()) {
                secrets.add(matcher.group(1));
            }
        }
        for (final String endpoint : endpoints) {
            masked = masked.replace(endpoint, Secrets.maskUrl(endpoint));
        }
        for (final String secret : secrets) {
            if (!secret.isEmpty()) {
                masked = masked.replace(secret, Secrets.MASK);
            }
        }
        return masked;
    }
}
