package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ConnectTimeoutException;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Configurations;

class ConnectFailuresTest {

    private static final PostgresqlTarget KEYS = PostgresqlTarget.of(Configurations.read(
            PostgresqlConfiguration.class,
            Map.of("postgresql.database", "users", "postgresql.username", "app", "postgresql.password", "key-secret")));
    private static final PostgresqlTarget URL = PostgresqlTarget.of(Configurations.read(
            PostgresqlConfiguration.class, Map.of("postgresql.url", "postgresql://app:url-secret@db:5432/users")));

    @Test
    void aWrongPasswordNamesThePasswordKey() {
        final PgException failure = new PgException(
                "FATAL: password authentication failed for user \"app\" (key-secret)", "FATAL", "28P01", null);
        assertThat(ConnectFailures.explain(KEYS, failure))
                .startsWith("cannot connect to app@127.0.0.1:5432/users")
                .contains("password authentication failed")
                .endsWith("; set postgresql.password to the password of the role 'app'")
                .doesNotContain("key-secret");
        assertThat(ConnectFailures.explain(URL, failure))
                .endsWith("; correct the password in postgresql.url")
                .doesNotContain("url-secret");
    }

    @Test
    void anUnknownRoleNamesTheUsernameKey() {
        final PgException failure = new PgException("FATAL: role \"app\" does not exist", "FATAL", "28000", null);
        assertThat(ConnectFailures.explain(KEYS, failure))
                .contains("; set postgresql.username to a role that exists and may log in to 'users'");
        assertThat(ConnectFailures.explain(URL, failure)).contains("; correct the user in postgresql.url");
    }

    @Test
    void anUnknownDatabaseNamesTheDatabaseKey() {
        final PgException failure = new PgException("FATAL: database \"users\" does not exist", "FATAL", "3D000", null);
        assertThat(ConnectFailures.explain(KEYS, failure))
                .endsWith("; set postgresql.database to a database that exists, or create it: CREATE DATABASE users");
        assertThat(ConnectFailures.explain(URL, failure))
                .endsWith("; correct the database in postgresql.url, or create it: CREATE DATABASE users");
    }

    @Test
    void aNetworkFailureNamesTheAddressKeys() {
        assertThat(ConnectFailures.explain(KEYS, new ConnectException("Connection refused")))
                .isEqualTo("cannot connect to app@127.0.0.1:5432/users (postgresql.host, postgresql.port,"
                        + " postgresql.database, postgresql.username): Connection refused; check that PostgreSQL"
                        + " runs and accepts connections at 127.0.0.1:5432, and postgresql.host and"
                        + " postgresql.port");
        assertThat(ConnectFailures.explain(URL, new ConnectTimeoutException("connection timed out")))
                .endsWith("at db:5432, and postgresql.url");
        assertThat(ConnectFailures.explain(KEYS, new UnknownHostException("db")))
                .contains("the host name does not resolve; check that PostgreSQL runs");
    }

    @Test
    void anythingElseNamesAllKeys() {
        assertThat(ConnectFailures.explain(KEYS, new IllegalStateException("odd")))
                .endsWith(": odd; check postgresql.host, postgresql.port, postgresql.database, postgresql.username,"
                        + " postgresql.password");
        assertThat(ConnectFailures.explain(URL, new IllegalStateException("odd")))
                .endsWith("; check postgresql.url and postgresql.password");
    }
}
