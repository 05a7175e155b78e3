package org.jzenith.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.jzenith.test.services.LocalServices;
import org.postgresql.ds.PGSimpleDataSource;

/** The outbox contract on the machine's PostgreSQL, in a schema of each test's own, dropped after. */
class OutboxStorePostgresqlIT extends OutboxStoreContract {

    private final LocalServices.Database postgres = LocalServices.postgresql();
    private final String schema =
            "jzenith_outbox_" + UUID.randomUUID().toString().replace("-", "");

    @Override
    DataSource database() {
        execute("CREATE SCHEMA " + schema);
        final PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl(postgres.jdbcUrl());
        source.setUser(postgres.user());
        source.setPassword(postgres.password());
        source.setCurrentSchema(schema);
        return source;
    }

    @Override
    String vendor() {
        return "postgresql";
    }

    @AfterEach
    void drop() {
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    private void execute(final String sql) {
        try (Connection connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (final SQLException e) {
            throw new IllegalStateException(sql + " failed in " + postgres.jdbcUrl(), e);
        }
    }
}
