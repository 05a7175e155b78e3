package org.jzenith.redis;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.vertx.redis.client.RedisClientType;
import java.time.Duration;
import java.util.Optional;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the Redis plugin, under {@code redis.}:
 *
 * <pre>
 * redis.connection-string=redis://cache:6379/0   # several, separated by commas, for sentinel, cluster, replication;
 *                                                # unset: 127.0.0.1:6379, in dev and test a redis-server of its own
 * redis.type=standalone                          # standalone, sentinel, cluster or replication
 * redis.master-name=mymaster                     # the master the sentinels watch (redis.type=sentinel)
 * redis.password=${REDIS_PASSWORD}               # secret: shown as **** everywhere
 * redis.pool.size=8                              # connections in the pool
 * redis.pool.max-waiting=1024                    # commands that may wait for a pooled connection
 * redis.connect-timeout=2s                       # how long opening a connection may take
 * redis.command-timeout=2s                       # how long a command may take in all, before it fails
 * redis.max-waiting-handlers=2048                # answers one connection may wait for (pipelining)
 * redis.key-prefix=orders:                       # the application's namespace, for RedisJsonDao and own keys
 * redis.tls.trust-certificates=/etc/redis/ca.pem # rediss:// only: the CAs to trust; unset: the JVM's trust store
 * redis.tls.certificate=/etc/redis/client.pem    # rediss:// only: a client certificate (tls-auth-clients) ...
 * redis.tls.private-key=/etc/redis/client.key    # ... and its key; both or neither
 * redis.tls.hostname-verification=true           # rediss:// only: the certificate must name the host connected to
 * </pre>
 *
 * <p>Connection strings are Vert.x's: {@code redis://[[user]:password@]host[:port][/database]},
 * {@code rediss://...} for TLS, or {@code unix://path}.
 */
@ConfigMapping(prefix = "redis")
public interface RedisConfiguration {

    /**
     * Where Redis is: one connection string, or for {@code redis.type} sentinel, cluster and
     * replication several, separated by commas (the sentinels, or the cluster's seed nodes). A
     * password in it is masked wherever it is shown. Unset: {@code redis://127.0.0.1:6379}, except in
     * the {@code dev} and {@code test} profiles, where the plugin starts the machine's installed
     * {@code redis-server} on a free port (see {@link RedisPlugin}).
     */
    Optional<String> connectionString();

    /** How the servers of {@code redis.connection-string} are organised; {@code standalone} unless set. */
    @WithDefault("standalone")
    RedisClientType type();

    /** The name of the master that the sentinels watch, for {@code redis.type=sentinel}. */
    @WithDefault("mymaster")
    String masterName();

    /**
     * The password to authenticate with (Redis {@code AUTH}); a secret, never shown. When unset, the
     * password in the connection string, if any, is used.
     */
    Optional<String> password();

    /** How long opening a connection may take before it fails; at least 10 ms. */
    @DurationRange(min = "10ms", max = "10m")
    @WithDefault("2s")
    Duration connectTimeout();

    /**
     * How long a command may take in all (waiting for a pooled connection, connecting, the answer)
     * before it fails with a {@link RedisUnavailableException} (HTTP 503): short, so that requests
     * fail fast while Redis is away. At least 10 ms.
     */
    @DurationRange(min = "10ms", max = "10m")
    @WithDefault("2s")
    Duration commandTimeout();

    /**
     * How many answers one connection may wait for at a time (pipelined commands, such as a batch);
     * more fail at once. At least 1.
     */
    @Range(min = 1)
    @WithDefault("2048")
    int maxWaitingHandlers();

    /**
     * A prefix for the application's keys, such as {@code user-service:}, so that several services or
     * test runs share one Redis without meeting: the application puts it before the key prefix of each
     * {@link RedisJsonDao} and before its own keys. The client does not add it by itself. Empty unless
     * set.
     */
    Optional<String> keyPrefix();

    /** The connection pool. */
    Pool pool();

    /** TLS to servers named {@code rediss://}. */
    Tls tls();

    /**
     * How the plugin speaks TLS to servers named {@code rediss://} in {@code redis.connection-string},
     * under {@code redis.tls.}: every server there, or none, since one client reaches them all (and,
     * for Sentinel and Cluster, the servers they name) alike. Server certificates are always checked
     * against the trusted authorities and, unless turned off, against the host connected to. Setting any
     * of these without a {@code rediss://} server is refused at start-up rather than ignored.
     */
    interface Tls {

        /**
         * A PEM file of the certificate authorities (or self-signed certificates) that the servers'
         * certificates must be signed by. Unset: the JVM's default trust store.
         */
        Optional<String> trustCertificates();

        /**
         * A PEM file of the client's certificate chain, for servers that ask clients for one (Redis's
         * {@code tls-auth-clients}); set {@link #privateKey()} with it.
         */
        Optional<String> certificate();

        /** A PEM file of the private key of {@link #certificate()}; its value is masked wherever it is shown. */
        Optional<String> privateKey();

        /**
         * Whether a server's certificate must name the host (or IP address) it was reached by, as HTTPS
         * checks it; on unless set. Turn off only for servers whose certificates cannot name their
         * address: anyone with a certificate from a trusted authority could then pose as the server.
         */
        @WithDefault("true")
        boolean hostnameVerification();
    }

    /** Settings of the connection pool, under {@code redis.pool.}. */
    interface Pool {

        /**
         * The number of connections in the pool; at least 1. Each command holds a connection until it
         * is answered, so this bounds the commands in flight.
         */
        @Range(min = 1, max = 1000)
        @WithDefault("8")
        int size();

        /**
         * How many commands may wait for a pooled connection; more fail at once with a {@link
         * RedisUnavailableException} (HTTP 503). At least 0.
         */
        @Range(min = 0)
        @WithDefault("1024")
        int maxWaiting();
    }
}
