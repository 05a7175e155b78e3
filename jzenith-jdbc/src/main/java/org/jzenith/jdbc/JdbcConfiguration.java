package org.jzenith.jdbc;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the JDBC plugin, under {@code jdbc.}:
 *
 * <pre>
 * jdbc.url=jdbc:postgresql://db:5432/users   # unset: the embedded H2 database in jdbc.embedded.directory
 * jdbc.username=users
 * jdbc.password=${DB_PASSWORD}               # secret: shown as **** everywhere
 * jdbc.pool.size=10                          # connections in the pool (unset: 10, or 4 for the embedded H2)
 * jdbc.connection-timeout=2s                 # how long a call waits for a connection before it fails
 * jdbc.migrate=true                          # apply the Flyway migrations in classpath:db/migration at start-up
 * jdbc.embedded.directory=data               # where the embedded H2 database keeps its files
 * </pre>
 *
 * <p>Any JDBC driver on the classpath works; H2 comes with the plugin, PostgreSQL
 * ({@code org.postgresql:postgresql}) and MariaDB/MySQL ({@code org.mariadb.jdbc:mariadb-java-client})
 * are the application's to add.
 */
@ConfigMapping(prefix = "jdbc")
public interface JdbcConfiguration {

    /** The JDBC URL of the database; unset means the embedded, file-based H2 database. */
    Optional<String> url();

    /** The user to connect as; unset means the driver's default ({@code sa} for the embedded H2). */
    Optional<String> username();

    /** The password to connect with; a secret, never shown. */
    Optional<String> password();

    /**
     * How long a call waits for a connection from the pool before it fails with a {@link
     * java.sql.SQLTransientConnectionException} (HTTP 503): short, so that requests fail fast while
     * the database is away. At least 250 ms.
     */
    @DurationRange(min = "250ms", max = "10m")
    @WithDefault("2s")
    Duration connectionTimeout();

    /** Whether to apply the Flyway migrations in {@code classpath:db/migration} at start-up. */
    @WithDefault("true")
    boolean migrate();

    /** The connection pool. */
    Pool pool();

    /** The embedded H2 database, used when {@code jdbc.url} is unset. */
    Embedded embedded();

    /** Settings of the connection pool, under {@code jdbc.pool.}. */
    interface Pool {

        /**
         * The number of connections in the pool, 1 to 1000; unset, 10 for a database server and 4
         * for the embedded H2 database, which only this process uses (each connection also costs
         * its session's memory in the same heap).
         */
        @Range(min = 1, max = 1000)
        OptionalInt size();
    }

    /** Settings of the embedded H2 database, under {@code jdbc.embedded.}. */
    interface Embedded {

        /**
         * The folder that holds the database's files, relative to the working directory unless
         * absolute; created when missing. Its data survives restarts.
         */
        @WithDefault("data")
        String directory();
    }
}
