package org.jzenith.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.jzenith.core.JZenith;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/** The machine's PostgreSQL, in a schema of its own, reached through a proxy. */
class PostgresqlIT extends NetworkedDatabaseContract {

    static final String SCHEMA = "jzenith_jdbc_it";

    @Override
    JZenith configure(final JZenith app) {
        final LocalServices.Database postgres = LocalServices.postgresql();
        try (Connection connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            statement.execute("CREATE SCHEMA " + SCHEMA);
        } catch (final SQLException e) {
            throw new IllegalStateException("cannot prepare the schema " + SCHEMA + " in " + postgres.jdbcUrl(), e);
        }
        final TcpProxy proxy = proxy(postgres.host(), postgres.port());
        final String url = postgres.through(proxy.host(), proxy.port()).jdbcUrl() + "?currentSchema=" + SCHEMA;
        final JZenith configured =
                app.withConfiguration("jdbc.url", url).withConfiguration("jdbc.username", postgres.user());
        return postgres.password().isEmpty()
                ? configured
                : configured.withConfiguration("jdbc.password", postgres.password());
    }

    @Override
    String product() {
        return "PostgreSQL";
    }
}
