package org.jzenith.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The {@link DataSource} the application injects: the plugin's pool while the plugin runs. It
 * exists before the pool does, so that singletons taking a {@code DataSource} or {@code Jdbi} can
 * be created with the injector; a connection asked for before start or after stop fails with a
 * {@link SQLTransientConnectionException}, as when the database is away.
 *
 * <p>Thread-safe: the pool is published through a volatile field.
 */
final class PooledDataSource implements DataSource {

    private final BrokenConnections brokenConnections;
    private volatile HikariDataSource pool;
    private volatile String database = "";
    private volatile JdbcTarget target;
    private volatile String state = "has not started yet";

    PooledDataSource(final BrokenConnections brokenConnections) {
        this.brokenConnections = brokenConnections;
    }

    /** Evicts every pooled connection, when one was found broken; new ones are opened as needed. */
    void evictAll() {
        brokenConnections.evictAll();
    }

    /** The pool, while the plugin runs. */
    Optional<HikariDataSource> pool() {
        return Optional.ofNullable(pool);
    }

    /** The database's product name and version, such as {@code PostgreSQL 15.4}, once started. */
    String database() {
        return database;
    }

    void start(final HikariDataSource started, final JdbcTarget connected, final String product) {
        target = connected;
        database = product;
        pool = started;
    }

    /** {@code text} with the database's password and URL masked. */
    String mask(final String text) {
        final JdbcTarget current = target;
        return current == null ? text : current.mask(text);
    }

    /** Forgets the pool and returns it, for the caller to close. */
    Optional<HikariDataSource> stop() {
        final HikariDataSource stopped = pool;
        state = "has stopped";
        pool = null;
        return Optional.ofNullable(stopped);
    }

    @Override
    public Connection getConnection() throws SQLException {
        return running().getConnection();
    }

    @Override
    public Connection getConnection(final String username, final String password) throws SQLException {
        return running().getConnection(username, password);
    }

    private HikariDataSource running() throws SQLTransientConnectionException {
        final HikariDataSource current = pool;
        if (current == null) {
            throw new SQLTransientConnectionException("The jdbc plugin " + state + "; there is no connection pool");
        }
        return current;
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return running().getLogWriter();
    }

    @Override
    public void setLogWriter(final PrintWriter out) throws SQLException {
        running().setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(final int seconds) throws SQLException {
        running().setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return running().getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("The jdbc plugin logs through SLF4J");
    }

    @Override
    public <T> T unwrap(final Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        return running().unwrap(type);
    }

    @Override
    public boolean isWrapperFor(final Class<?> type) throws SQLException {
        return type.isInstance(this) || running().isWrapperFor(type);
    }
}
