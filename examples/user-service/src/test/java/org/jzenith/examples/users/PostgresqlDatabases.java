package org.jzenith.examples.users;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.LocalServices;

/**
 * Fresh PostgreSQL databases of their own for the tests of {@code user.store=postgresql}, and the
 * settings that point the service at one.
 */
final class PostgresqlDatabases {

    private PostgresqlDatabases() {}

    /** The database {@code name} on the machine's PostgreSQL, dropped and created anew. */
    static LocalServices.Database fresh(final String name) {
        final LocalServices.Database server = LocalServices.postgresql();
        execute(server.withDatabase("postgres"), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        execute(server.withDatabase("postgres"), "CREATE DATABASE " + name);
        return server.withDatabase(name);
    }

    /** {@code extension} running the service on the reactive store in {@code database}. */
    static JZenithExtension onReactiveStore(final JZenithExtension extension, final LocalServices.Database database) {
        final JZenithExtension configured = extension
                .withConfiguration("user.store", "postgresql")
                .withConfiguration("postgresql.host", database.host())
                .withConfiguration("postgresql.port", database.port())
                .withConfiguration("postgresql.database", database.database())
                .withConfiguration("postgresql.username", database.user());
        return database.password().isEmpty()
                ? configured
                : configured.withConfiguration("postgresql.password", database.password());
    }

    /** The ids of every user in {@code database}, read over JDBC. */
    static Set<String> userIds(final LocalServices.Database database) {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM users")) {
            final Set<String> ids = new HashSet<>();
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
            return ids;
        } catch (final SQLException e) {
            throw new IllegalStateException("cannot read the users of " + database.jdbcUrl() + ": " + e, e);
        }
    }

    private static void execute(final LocalServices.Database database, final String sql) {
        try (Connection connection =
                        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (final SQLException e) {
            throw new IllegalStateException("cannot prepare the test database on " + database.jdbcUrl() + ": " + e, e);
        }
    }
}
