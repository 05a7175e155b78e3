package org.jzenith.postgresql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.jzenith.core.JZenith;
import org.jzenith.test.services.LocalServices;

/** Fresh databases of their own on the machine's PostgreSQL, started where it does not run. */
final class TestDatabases {

    private TestDatabases() {}

    /** The database {@code name}, dropped and created anew, after running {@code setup} in it. */
    static LocalServices.Database fresh(final String name, final String... setup) {
        final LocalServices.Database server = LocalServices.postgresql();
        execute(server.withDatabase("postgres"), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        execute(server.withDatabase("postgres"), "CREATE DATABASE " + name);
        final LocalServices.Database database = server.withDatabase(name);
        execute(database, setup);
        return database;
    }

    /** Runs {@code statements} in {@code database} over JDBC. */
    static void execute(final LocalServices.Database database, final String... statements) {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement statement = connection.createStatement()) {
            for (final String sql : statements) {
                statement.execute(sql);
            }
        } catch (final SQLException e) {
            throw new IllegalStateException("cannot prepare the test database " + database.jdbcUrl() + ": " + e, e);
        }
    }

    /** {@code app} configured for {@code database}, by the separate keys. */
    static JZenith configure(final JZenith app, final LocalServices.Database database) {
        final JZenith configured = app.withConfiguration("postgresql.host", database.host())
                .withConfiguration("postgresql.port", database.port())
                .withConfiguration("postgresql.database", database.database())
                .withConfiguration("postgresql.username", database.user());
        return database.password().isEmpty()
                ? configured
                : configured.withConfiguration("postgresql.password", database.password());
    }
}
