package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Needs PostgreSQL's server programs installed; never touches the machine's PostgreSQL. */
class PrivatePostgresqlIT {

    @Test
    void keepsItsDataAcrossAStopAndAStartAndLeavesNothingWhenClosed() throws SQLException {
        final Path folder;
        final int port;
        try (PrivatePostgresql postgres = PrivatePostgresql.create()) {
            port = postgres.port();
            assertThat(postgres.isRunning()).isFalse();
            assertThat(LocalServices.accepts(postgres.host(), port)).isFalse();

            postgres.start();
            folder = postgres.files().orElseThrow();
            assertThat(postgres.isRunning()).isTrue();
            assertThat(postgres.database().jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + port + "/test");
            execute(postgres, "CREATE TABLE kept (word TEXT)", "INSERT INTO kept VALUES ('still here')");
            assertThat(query(postgres, "SELECT current_setting('data_directory')"))
                    .startsWith(Path.of("target").toAbsolutePath().toString());

            postgres.stop();
            assertThat(postgres.isRunning()).isFalse();
            assertThat(LocalServices.accepts(postgres.host(), port)).isFalse();
            assertThatThrownBy(() -> query(postgres, "SELECT 1")).isInstanceOf(SQLException.class);
            postgres.stop(); // again: nothing to do

            postgres.start();
            assertThat(query(postgres, "SELECT word FROM kept")).isEqualTo("still here");
        }
        assertThat(LocalServices.accepts("127.0.0.1", port)).isFalse();
        assertThat(folder).doesNotExist();
    }

    @Test
    void findsTheMachinesProgramsAndCannotStartOnceClosed() {
        assertThat(PostgresqlPrograms.find().resolve("pg_ctl")).isExecutable();
        final PrivatePostgresql postgres = PrivatePostgresql.create();
        postgres.close();
        postgres.close();
        assertThatThrownBy(postgres::start).hasMessageContaining("is closed");
    }

    private static void execute(final PrivatePostgresql postgres, final String... statements) throws SQLException {
        try (Connection connection = connect(postgres);
                Statement statement = connection.createStatement()) {
            for (final String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static String query(final PrivatePostgresql postgres, final String sql) throws SQLException {
        try (Connection connection = connect(postgres);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static Connection connect(final PrivatePostgresql postgres) throws SQLException {
        final LocalServices.Database database = postgres.database();
        return DriverManager.getConnection(
                database.jdbcUrl() + "?connectTimeout=5", database.user(), database.password());
    }
}
