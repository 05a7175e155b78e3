package org.jzenith.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.jzenith.test.services.LocalServices;
import org.mariadb.jdbc.MariaDbDataSource;

/** The outbox contract on the machine's MariaDB, in a database of each test's own, dropped after. */
class OutboxStoreMariadbIT extends OutboxStoreContract {

    private final LocalServices.Database mariadb = LocalServices.mariadb();
    private final String database =
            "jzenith_outbox_" + UUID.randomUUID().toString().replace("-", "");

    @Override
    DataSource database() {
        execute("CREATE DATABASE " + database);
        try {
            final MariaDbDataSource source =
                    new MariaDbDataSource(mariadb.withDatabase(database).jdbcUrl());
            source.setUser(mariadb.user());
            source.setPassword(mariadb.password());
            return source;
        } catch (final SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    String vendor() {
        return "mariadb";
    }

    @AfterEach
    void drop() {
        execute("DROP DATABASE IF EXISTS " + database);
    }

    private void execute(final String sql) {
        try (Connection connection =
                        DriverManager.getConnection(mariadb.jdbcUrl(), mariadb.user(), mariadb.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (final SQLException e) {
            throw new IllegalStateException(sql + " failed in " + mariadb.jdbcUrl(), e);
        }
    }
}
