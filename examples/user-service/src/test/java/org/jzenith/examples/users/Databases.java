package org.jzenith.examples.users;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.jzenith.test.services.LocalServices;

/** Fresh databases of their own for the user service's integration tests, on the real servers. */
final class Databases {

    static final String NAME = "user_service_it";

    private Databases() {}

    /** PostgreSQL's {@link #NAME} database, dropped and created anew. */
    static LocalServices.Database freshPostgresql() {
        final LocalServices.Database server = LocalServices.postgresql();
        recreate(
                server.withDatabase("postgres"),
                "DROP DATABASE IF EXISTS " + NAME + " WITH (FORCE)",
                "CREATE DATABASE " + NAME);
        return server.withDatabase(NAME);
    }

    /** MariaDB's {@link #NAME} database, dropped and created anew. */
    static LocalServices.Database freshMariadb() {
        final LocalServices.Database server = LocalServices.mariadb();
        recreate(server, "DROP DATABASE IF EXISTS " + NAME, "CREATE DATABASE " + NAME);
        return server.withDatabase(NAME);
    }

    private static void recreate(final LocalServices.Database admin, final String... statements) {
        try (Connection connection = DriverManager.getConnection(admin.jdbcUrl(), admin.user(), admin.password());
                Statement statement = connection.createStatement()) {
            for (final String sql : statements) {
                statement.execute(sql);
            }
        } catch (final SQLException e) {
            throw new IllegalStateException("Cannot prepare the test database on " + admin.jdbcUrl() + ": " + e, e);
        }
    }
}
