package org.jzenith.jdbc;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.inject.Singleton;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import javax.sql.DataSource;
import org.jdbi.v3.core.ConnectionException;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.spi.tracing.Tracing;
import org.jzenith.core.store.DataExceptions;

/**
 * Binds what the JDBC plugin offers: the {@link DataSource} and {@link Jdbi} to inject, the health
 * check, and the mappings that make "the database is away" an HTTP 503.
 */
final class JdbcModule extends AbstractModule {

    private final PooledDataSource dataSource;

    JdbcModule(final PooledDataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    protected void configure() {
        bind(PooledDataSource.class).toInstance(dataSource);
        bind(DataSource.class).toInstance(dataSource);
        bind(JdbcHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(JdbcHealthCheck.class);
        ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.unavailable(SQLTransientConnectionException.class));
        ExceptionMapping.bind(binder())
                .toInstance(ExceptionMapping.unavailable(SQLNonTransientConnectionException.class));
        ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.unavailable(ConnectionException.class));
        // Drivers report a connection lost mid-call as a plain SQLException: tell it by its state,
        // 08 (connection exception) or 57P0x (PostgreSQL shutting down or starting).
        ExceptionMapping.bind(binder())
                .toInstance(ExceptionMapping.unavailable(SQLException.class, JdbcModule::isConnectionLoss));
        // Not an outage but the client's data (a value too long, a NUL in a text): 400.
        ExceptionMapping.bind(binder())
                .toInstance(ExceptionMapping.badInput(
                        SQLException.class,
                        failure -> DataExceptions.is(failure.getSQLState()),
                        failure -> DataExceptions.describe(failure.getSQLState())));
    }

    static boolean isConnectionLoss(final SQLException failure) {
        final String state = failure.getSQLState();
        return state != null && (state.startsWith("08") || state.startsWith("57P0"));
    }

    @Provides
    @Singleton
    Jdbi jdbi(final DataSource source, final OpenTelemetry openTelemetry) {
        final Jdbi jdbi = Jdbi.create(source);
        if (Tracing.enabled(openTelemetry)) {
            jdbi.setSqlLogger(new StatementSpans(openTelemetry, dataSource));
        }
        return jdbi;
    }
}
