package org.jzenith.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.jzenith.core.JZenith;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/** The machine's MariaDB, in a database of its own, reached through a proxy. */
class MariadbIT extends NetworkedDatabaseContract {

    static final String DATABASE = "jzenith_jdbc_it";

    @Override
    JZenith configure(final JZenith app) {
        final LocalServices.Database mariadb = LocalServices.mariadb();
        try (Connection connection =
                        DriverManager.getConnection(mariadb.jdbcUrl(), mariadb.user(), mariadb.password());
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + DATABASE);
            statement.execute("CREATE DATABASE " + DATABASE);
        } catch (final SQLException e) {
            throw new IllegalStateException("cannot prepare the database " + DATABASE + " in " + mariadb.jdbcUrl(), e);
        }
        final TcpProxy proxy = proxy(mariadb.host(), mariadb.port());
        final String url = mariadb.withDatabase(DATABASE)
                .through(proxy.host(), proxy.port())
                .jdbcUrl();
        final JZenith configured =
                app.withConfiguration("jdbc.url", url).withConfiguration("jdbc.username", mariadb.user());
        return mariadb.password().isEmpty()
                ? configured
                : configured.withConfiguration("jdbc.password", mariadb.password());
    }

    @Override
    String product() {
        return "MariaDB";
    }
}
