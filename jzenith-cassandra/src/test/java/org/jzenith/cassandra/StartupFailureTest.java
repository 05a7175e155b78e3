package org.jzenith.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.net.Ports;

/** Bad settings are reported together before anything starts; a node that is not there fails the start. */
class StartupFailureTest {

    private static final String PASSWORD = "cassandra-secret-4711";

    @Test
    void invalidSettingsAreRejectedTogether() {
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(CassandraPlugin.create().withMigrations("db/cassandra/create_items.cql"))
                                .withConfiguration("cassandra.contact-points", "db1:9042,db2")
                                .withConfiguration("cassandra.keyspace", "1users")
                                .withConfiguration("cassandra.read-consistency", "ANY")
                                .withConfiguration("cassandra.write-consistency", "MOST")
                                .withConfiguration("cassandra.password", PASSWORD)
                                .withConfiguration("cassandra.tls.trust-certificates", "/etc/ca.pem")
                                .withConfiguration("cassandra.pool.size", 0),
                        "cassandra.contact-points",
                        PASSWORD))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("cassandra.contact-points (code (withConfiguration)): \"db1:9042,db2\" is not"
                        + " valid: expected host:port pairs separated by commas, such as db1:9042, not 'db2'")
                .hasMessageContaining("cassandra.local-datacenter")
                .hasMessageContaining("expected a keyspace name")
                .hasMessageContaining("cassandra.read-consistency (code (withConfiguration)): \"ANY\" is not valid")
                .hasMessageContaining("cassandra.write-consistency (code (withConfiguration)): \"MOST\" is not valid")
                .hasMessageContaining("cassandra.username")
                .hasMessageContaining("cassandra.tls.enabled")
                .hasMessageContaining("cassandra.pool.size (code (withConfiguration)): \"0\" is not valid")
                .hasMessageContaining(
                        "db/cassandra/create_items.cql: a migration is named V<version>__<description>.cql");
    }

    @Test
    void contactPointsAreNeededOutsideDevAndTest() {
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(CassandraPlugin.create())
                                .withConfiguration("jzenith.profile", "prod")
                                .withConfiguration("cassandra.keyspace", "users"),
                        "cassandra.contact-points"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("cassandra.contact-points")
                .hasMessageContaining("the nodes to connect to, such as db1:9042,db2:9042");
    }

    @Test
    void aNodeThatIsNotThereFailsTheStartAtOnceNamingIt() {
        final int port = Ports.free();
        final long start = System.nanoTime();
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(CassandraPlugin.create())
                                .withConfiguration("cassandra.contact-points", "127.0.0.1:" + port)
                                .withConfiguration("cassandra.local-datacenter", "dc1")
                                .withConfiguration("cassandra.keyspace", "users")
                                .withConfiguration("cassandra.username", "app")
                                .withConfiguration("cassandra.password", PASSWORD),
                        "cassandra.contact-points",
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining(
                        "The plugin 'cassandra' failed to start: cannot connect to Cassandra at 127.0.0.1:" + port
                                + " (data centre dc1, keyspace users)")
                .hasMessageContaining("check that Cassandra runs");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }
}
