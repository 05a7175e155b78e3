package org.jzenith.outbox.log;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.postgresql.PGProperty;

/**
 * Where the relay reads the slot: the store plugin's PostgreSQL as a JDBC URL, and its credentials.
 * Its connections are replication connections of their own, outside any pool, named {@value
 * #APPLICATION_NAME} in {@code pg_stat_activity}.
 *
 * @param jdbcUrl {@code jdbc:postgresql://host:port/database}, with any options the plugin's own
 *     connections have
 * @param user the role, which needs {@code REPLICATION}
 * @param password its password; empty when the server asks for none
 */
public record ReplicationTarget(String jdbcUrl, Optional<String> user, Optional<String> password) {

    /** The name the relay's connection has in {@code pg_stat_activity}. */
    public static final String APPLICATION_NAME = "jzenith-outbox-relay";

    /** A new replication connection (logical, to the URL's database), which the caller closes. */
    Connection openReplication() throws SQLException {
        final Properties properties = new Properties();
        user.ifPresent(value -> PGProperty.USER.set(properties, value));
        password.ifPresent(value -> PGProperty.PASSWORD.set(properties, value));
        PGProperty.REPLICATION.set(properties, "database");
        PGProperty.ASSUME_MIN_SERVER_VERSION.set(properties, "9.4");
        PGProperty.PREFER_QUERY_MODE.set(properties, "simple");
        PGProperty.APPLICATION_NAME.set(properties, APPLICATION_NAME);
        return DriverManager.getConnection(jdbcUrl, properties);
    }
}
