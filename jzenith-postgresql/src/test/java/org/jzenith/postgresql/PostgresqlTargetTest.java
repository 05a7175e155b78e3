package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.test.Configurations;

class PostgresqlTargetTest {

    @Test
    void theDefaultsAreTheLocalServer() {
        final PostgresqlConfiguration configuration = Configurations.read(PostgresqlConfiguration.class, Map.of());
        assertThat(configuration.connectionTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(configuration.pipeliningLimit()).isEqualTo(256);
        assertThat(configuration.pool().size()).isEqualTo(4);
        assertThat(configuration.pool().maxWaiting()).isEqualTo(1024);
        assertThat(configuration.migrate()).isTrue();

        final PostgresqlTarget target = PostgresqlTarget.of(configuration);
        final PgConnectOptions options = target.options();
        assertThat(options.getHost()).isEqualTo("127.0.0.1");
        assertThat(options.getPort()).isEqualTo(5432);
        assertThat(options.getDatabase()).isEqualTo("postgres");
        assertThat(options.getUser()).isEqualTo("postgres");
        assertThat(options.getPassword()).isEmpty();
        assertThat(target.address()).isEqualTo("postgres@127.0.0.1:5432/postgres");
        assertThat(target.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/postgres?sslmode=disable");
        assertThat(target.addressKeys()).isEqualTo("postgresql.host and postgresql.port");
        assertThat(target.userKey()).isEqualTo("postgresql.username");
        assertThat(target.passwordKey()).isEqualTo("postgresql.password");
        assertThat(target.databaseKey()).isEqualTo("postgresql.database");
    }

    @Test
    void theSeparateKeysSetTheParts() {
        final PostgresqlTarget target = PostgresqlTarget.of(Configurations.read(
                PostgresqlConfiguration.class,
                Map.of(
                        "postgresql.host", "db.example.org",
                        "postgresql.port", "6543",
                        "postgresql.database", "users",
                        "postgresql.username", "app",
                        "postgresql.password", "s3cret")));
        assertThat(target.options().getPassword()).isEqualTo("s3cret");
        assertThat(target.describe())
                .isEqualTo("app@db.example.org:6543/users (postgresql.host, postgresql.port, postgresql.database,"
                        + " postgresql.username)")
                .doesNotContain("s3cret");
        assertThat(target.toString()).doesNotContain("s3cret");
        assertThat(target.mask("password for s3cret failed")).isEqualTo("password for **** failed");
    }

    @Test
    void aUrlReplacesTheParts() {
        final PostgresqlTarget target = PostgresqlTarget.of(Configurations.read(
                PostgresqlConfiguration.class,
                Map.of(
                        "postgresql.url",
                                "postgresql://app:url-secret@db:6000/users?sslmode=require&search_path=billing",
                        "postgresql.host", "ignored",
                        "postgresql.username", "ignored",
                        "postgresql.password", "ignored-secret")));
        final PgConnectOptions options = target.options();
        assertThat(options.getHost()).isEqualTo("db");
        assertThat(options.getPort()).isEqualTo(6000);
        assertThat(options.getUser()).isEqualTo("app");
        assertThat(options.getPassword()).isEqualTo("url-secret");
        assertThat(options.getDatabase()).isEqualTo("users");
        assertThat(options.getSslMode()).isEqualTo(SslMode.REQUIRE);
        // The client's default session settings stay, next to the URL's.
        assertThat(options.getProperties())
                .containsEntry("search_path", "billing")
                .containsEntry("DateStyle", "ISO");
        assertThat(target.jdbcUrl()).isEqualTo("jdbc:postgresql://db:6000/users?sslmode=require&currentSchema=billing");
        assertThat(target.userKey()).isEqualTo("postgresql.url");
        assertThat(target.passwordKey()).isEqualTo("postgresql.url");
        assertThat(target.databaseKey()).isEqualTo("postgresql.url");
        assertThat(target.addressKeys()).isEqualTo("postgresql.url");
        assertThat(target.describe())
                .isEqualTo("postgresql.url=postgresql://app:****@db:6000/users?sslmode=require&search_path=billing"
                        + " (app@db:6000/users)");
        assertThat(target.mask("see postgresql://app:url-secret@db:6000/users"))
                .isEqualTo("see postgresql://app:****@db:6000/users");
    }

    @Test
    void whatTheUrlLeavesOutComesFromTheKeys() {
        final PostgresqlTarget target = PostgresqlTarget.of(Configurations.read(
                PostgresqlConfiguration.class,
                Map.of(
                        "postgresql.url", "jdbc:postgresql://db/?currentSchema=billing",
                        "postgresql.database", "users",
                        "postgresql.username", "app",
                        "postgresql.password", "key-secret")));
        final PgConnectOptions options = target.options();
        assertThat(options.getHost()).isEqualTo("db");
        assertThat(options.getPort()).isEqualTo(5432);
        assertThat(options.getUser()).isEqualTo("app");
        assertThat(options.getPassword()).isEqualTo("key-secret");
        assertThat(options.getDatabase()).isEqualTo("users");
        assertThat(options.getProperties()).containsEntry("search_path", "billing");
        assertThat(target.userKey()).isEqualTo("postgresql.username");
        assertThat(target.passwordKey()).isEqualTo("postgresql.password");
        assertThat(target.databaseKey()).isEqualTo("postgresql.database");
        assertThat(target.addressKeys()).isEqualTo("postgresql.url");
    }

    @Test
    void aUrlMayNameItsPartsAsParameters() {
        final PostgresqlTarget target = PostgresqlTarget.of(Configurations.read(
                PostgresqlConfiguration.class,
                Map.of("postgresql.url", "postgres://db?user=app&password=param-secret&dbname=users")));
        assertThat(target.options().getUser()).isEqualTo("app");
        assertThat(target.options().getPassword()).isEqualTo("param-secret");
        assertThat(target.options().getDatabase()).isEqualTo("users");
        assertThat(target.passwordKey()).isEqualTo("postgresql.url");
        assertThat(target.describe()).doesNotContain("param-secret");
    }

    @Test
    void anInvalidUrlIsRejectedNamingTheKeyWithoutThePassword() {
        assertThatThrownBy(() -> PostgresqlTarget.of(Configurations.read(
                        PostgresqlConfiguration.class,
                        Map.of("postgresql.url", "postgresql://app:url-secret@db:notaport/users"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "postgresql.url is not valid: expected postgresql://user:password@host:port/database")
                .hasMessageNotContaining("url-secret")
                .hasNoCause();
        assertThatThrownBy(() -> PostgresqlTarget.of(Configurations.read(
                        PostgresqlConfiguration.class, Map.of("postgresql.url", "mysql://db/users"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("postgresql.url is not valid");
    }

    @Test
    void invalidPartsAreRejectedNamingTheKey() {
        assertThatThrownBy(() -> Configurations.read(PostgresqlConfiguration.class, Map.of("postgresql.port", "70000")))
                .hasMessageContaining(
                        "postgresql.port (code (withConfiguration)): \"70000\" is not valid: expected 1 to 65535");
        assertThatThrownBy(() -> PostgresqlTarget.of(
                        Configurations.read(PostgresqlConfiguration.class, Map.of("postgresql.host", " "))))
                .hasMessage("postgresql.host is not valid: expected the server's host name or address, not nothing");
        assertThatThrownBy(() -> PostgresqlTarget.of(
                        Configurations.read(PostgresqlConfiguration.class, Map.of("postgresql.database", " "))))
                .hasMessage("postgresql.database is not valid: expected a value, not nothing");
    }

    @Test
    void everyBadKeyIsReportedAtOnce() {
        final PostgresqlConfiguration configuration = Configurations.read(
                PostgresqlConfiguration.class,
                Map.of("postgresql.host", " ", "postgresql.database", " ", "postgresql.username", " "));
        assertThat(PostgresqlTarget.problems(configuration))
                .extracting(SettingProblem::key)
                .containsExactly("postgresql.host", "postgresql.database", "postgresql.username");
        assertThatThrownBy(() -> PostgresqlTarget.of(configuration))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("postgresql.host is not valid: expected the server's host name or address, not nothing;"
                        + " postgresql.database is not valid: expected a value, not nothing;"
                        + " postgresql.username is not valid: expected a value, not nothing");
        assertThat(PostgresqlTarget.problems(Configurations.read(
                        PostgresqlConfiguration.class,
                        Map.of("postgresql.url", "postgresql://db", "postgresql.database", " "))))
                .containsExactly(new SettingProblem("postgresql.database", "a value, not nothing"));
        assertThat(PostgresqlTarget.problems(Configurations.read(PostgresqlConfiguration.class, Map.of())))
                .isEmpty();
    }

    @Test
    void anEmptyUrlMeansTheKeys() {
        final PostgresqlTarget target = PostgresqlTarget.of(Configurations.read(
                PostgresqlConfiguration.class, Map.of("postgresql.url", " ", "postgresql.host", "db")));
        assertThat(target.url()).isEqualTo(Optional.empty());
        assertThat(target.options().getHost()).isEqualTo("db");
    }

    @Test
    void anIpv6HostIsBracketedForJdbc() {
        final PostgresqlTarget target = PostgresqlTarget.of(Configurations.read(
                PostgresqlConfiguration.class, Map.of("postgresql.url", "postgresql://[::1]:5433/d")));
        assertThat(target.options().getHost()).isEqualTo("::1");
        assertThat(target.jdbcUrl()).isEqualTo("jdbc:postgresql://[::1]:5433/d?sslmode=disable");
    }
}
