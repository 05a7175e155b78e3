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
import org.jzenith.core.store.LateBound;
import org.jzenith.core.store.StoreUnavailableException;

/**
 * The {@link DataSource} the application injects: the plugin's pool while the plugin runs. It
 * exists before the pool does, so that singletons taking a {@code DataSource} or {@code Jdbi} can
 * be created with the injector; a connection asked for before start or after stop fails with a
 * {@link SQLTransientConnectionException}, as when the database is away.
 *
 * <p>Thread-safe: the pool is published through a volatile field.
 */
final class PooledDataSource implements DataSource {

    /** What runs: the pool, the database it connects to and that database's product and version. */
    private record Running(HikariDataSource pool, JdbcTarget target, String product) {}

    private final BrokenConnections brokenConnections;
    private final LateBound<Running> running = LateBound.of("jdbc");

    PooledDataSource(final BrokenConnections brokenConnections) {
        this.brokenConnections = brokenConnections;
    }

    /** Evicts every pooled connection, when one was found broken; new ones are opened as needed. */
    void evictAll() {
        brokenConnections.evictAll();
    }

    /** The pool, while the plugin runs. */
    Optional<HikariDataSource> pool() {
        return running.current().map(Running::pool);
    }

    /** The database's product name and version, such as {@code PostgreSQL 15.4}, once started. */
    String database() {
        return running.current().map(Running::product).orElse("");
    }

    void start(final HikariDataSource started, final JdbcTarget connected, final String product) {
        running.start(new Running(started, connected, product));
    }

    /** {@code text} with the database's password and URL masked. */
    String mask(final String text) {
        return running.current().map(current -> current.target().mask(text)).orElse(text);
    }

    /** Forgets the pool and returns it, for the caller to close. */
    Optional<HikariDataSource> stop() {
        return running.stop().map(Running::pool);
    }

    @Override
    public Connection getConnection() throws SQLException {
        return running().getConnection();
    }

    @Override
    public Connection getConnection(final String username, final String password) throws SQLException {
        return running().getConnection(username, password);
    }

    /** The pool; JDBC code expects an SQLException (503 like any connection failure) while there is none. */
    private HikariDataSource running() throws SQLTransientConnectionException {
        try {
            return running.get().pool();
        } catch (final StoreUnavailableException e) {
            throw new SQLTransientConnectionException(e.getMessage(), e);
        }
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
