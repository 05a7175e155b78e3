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
        int maxWaitingHandlers) {

    /** The pool's name: the {@code pool_name} tag of the {@code vertx_pool_*} metrics. */
    static final String POOL_NAME = "redis";

    static final Duration MIN_TIMEOUT = Duration.ofMillis(10);

    private static final List<String> SCHEMES = List.of("redis", "rediss", "unix");
    private static final Pattern URL_USER_INFO_PASSWORD = Pattern.compile("//[^/:@?#]*:([^/@?#]*)@");

    RedisTarget {
        endpoints = List.copyOf(endpoints);
    }

    /**
     * The target {@code configuration} describes; fails with an {@link IllegalArgumentException}
     * naming every invalid key, its value and what is expected.
     */
    static RedisTarget of(final RedisConfiguration configuration) {
        final List<String> problems = new ArrayList<>();
        final List<String> endpoints = Arrays.stream(
                        configuration.connectionString().split(","))
                .map(String::strip)
                .filter(endpoint -> !endpoint.isEmpty())
                .toList();
        final String shown = "redis.connection-string=" + Secrets.maskUrl(configuration.connectionString());
        if (endpoints.isEmpty()) {
            problems.add(shown + " is not valid: it names no server; expected redis://host:port");
        }
        for (final String endpoint : endpoints) {
            checkEndpoint(endpoint).ifPresent(problem -> problems.add(shown + " is not valid: " + problem));
        }
        if (endpoints.size() > 1 && configuration.type() == RedisClientType.STANDALONE) {
            problems.add(shown + " names " + endpoints.size() + " servers, but redis.type=standalone talks to one;"
                    + " set redis.type to sentinel, cluster or replication, or name one server");
        }
        if (configuration.pool().size() < 1) {
            problems.add("redis.pool.size=" + configuration.pool().size()
                    + " is not valid: the pool needs at least 1 connection");
        }
        if (configuration.pool().maxWaiting() < 0) {
            problems.add("redis.pool.max-waiting=" + configuration.pool().maxWaiting()
                    + " is not valid: it must be at least 0");
        }
        if (configuration.maxWaitingHandlers() < 1) {
            problems.add("redis.max-waiting-handlers=" + configuration.maxWaitingHandlers()
                    + " is not valid: it must be at least 1");
        }
        checkTimeout("redis.connect-timeout", configuration.connectTimeout()).ifPresent(problems::add);
        checkTimeout("redis.command-timeout", configuration.commandTimeout()).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new RedisTarget(
                endpoints,
                configuration.type(),
                configuration.masterName(),
                configuration.password().filter(password -> !password.isEmpty()),
                configuration.pool().size(),
                configuration.pool().maxWaiting(),
                configuration.connectTimeout(),
                configuration.commandTimeout(),
                configuration.maxWaitingHandlers());
    }

    private static Optional<String> checkEndpoint(final String endpoint) {
        final int colon = endpoint.indexOf("://");
        final String scheme = colon < 0 ? "" : endpoint.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!SCHEMES.contains(scheme)) {
            return Optional.of("expected redis://[[user]:password@]host[:port][/database], rediss://... (TLS) or"
                    + " unix://path, several separated by commas for sentinel, cluster and replication");
        }
        if (scheme.equals("unix")) {
            return Optional.empty();
        }
        try {
            final URI uri = new URI(endpoint);
            if (uri.getHost() == null) {
                return Optional.of("no host in " + Secrets.maskUrl(endpoint));
            }
            final String path = uri.getPath();
            if (path != null
                    && !path.isEmpty()
                    && !path.equals("/")
                    && !path.substring(1).matches("\\d+")) {
                return Optional.of("the path of " + Secrets.maskUrl(endpoint) + " must be a database number");
            }
            return Optional.empty();
        } catch (final URISyntaxException e) {
            return Optional.of(Secrets.maskUrl(endpoint) + " is not a URL");
        }
    }

    private static Optional<String> checkTimeout(final String key, final Duration timeout) {
        return timeout.compareTo(MIN_TIMEOUT) < 0
                ? Optional.of(key + "=" + timeout.toMillis() + "ms is not valid: it must be at least "
                        + MIN_TIMEOUT.toMillis() + "ms")
                : Optional.empty();
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
                .setNetClientOptions(new NetClientOptions()
                        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
                        .setTcpNoDelay(true)
                        .setTcpKeepAlive(true));
        password.ifPresent(options::setPassword);
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
