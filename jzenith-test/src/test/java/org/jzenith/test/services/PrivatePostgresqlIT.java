package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Needs PostgreSQL's server programs installed; never touches the machine's PostgreSQL. */
class PrivatePostgresqlIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

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
            assertThat(Path.of(query(postgres, "SELECT current_setting('data_directory')")))
                    .startsWith(folder);
            assertThat(folder.getParent()).isEqualTo(documentedParent());

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

    /**
     * Where the cluster's folder belongs, as {@link PrivatePostgresql} documents it: in {@code
     * target/}; when it runs as the user {@code postgres} (the JVM is root) and that user cannot
     * reach {@code target/} (the clone lies under a private folder), in the temporary folder.
     */
    private static Path documentedParent() {
        final Path target = Path.of("target").toAbsolutePath();
        if (!isRoot() || postgresCanEnter(target)) {
            return target;
        }
        return Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    }

    private static boolean isRoot() {
        return Commands.run(List.of("id", "-u"), Path.of("."), TIMEOUT)
                .output()
                .strip()
                .equals("0");
    }

    /** Whether {@code postgres} may pass through {@code folder}: into a folder of its own in it. */
    private static boolean postgresCanEnter(final Path folder) {
        return Commands.run(
                        List.of("runuser", "-u", "postgres", "--", "test", "-x", folder.toString()),
                        Path.of("."),
                        TIMEOUT)
                .succeeded();
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
