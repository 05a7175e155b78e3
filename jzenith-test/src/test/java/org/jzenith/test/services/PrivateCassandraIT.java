package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PrivateCassandraIT {

    // One test, so one node: a start costs seconds.
    @Test
    void keepsItsDataWhenKilledAndStartedAgainOnTheSamePort() {
        final PrivateCassandra cassandra = PrivateCassandra.create();
        try (cassandra) {
            cassandra.start();
            try (CqlSession session = connect(cassandra)) {
                session.execute("CREATE KEYSPACE kit WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1}");
                session.execute("CREATE TABLE kit.items (id int PRIMARY KEY, name text)");
                session.execute("INSERT INTO kit.items (id, name) VALUES (1, 'before')");
            }
            cassandra.stop();
            cassandra.start();
            final long running = cassandra.pid().orElseThrow();
            try (CqlSession session = connect(cassandra)) {
                session.execute("INSERT INTO kit.items (id, name) VALUES (2, 'after')");
            }
            // Killed right after the write was acknowledged: the node syncs its commit log before it
            // acknowledges, so the write is replayed at the next start.
            cassandra.kill();
            assertThat(cassandra.isRunning()).isFalse();
            assertThat(ProcessHandle.of(running).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();
            assertThat(LocalServices.accepts(cassandra.host(), cassandra.port()))
                    .isFalse();

            cassandra.start();
            assertThat(cassandra.pid()).isPresent().isNotEqualTo(Optional.of(running));
            try (CqlSession session = connect(cassandra)) {
                final List<String> names = session.execute("SELECT name FROM kit.items").all().stream()
                        .map(row -> row.getString("name"))
                        .sorted()
                        .toList();
                assertThat(names).containsExactly("after", "before");
                final Row local =
                        session.execute("SELECT data_center FROM system.local").one();
                assertThat(local.getString("data_center")).isEqualTo(cassandra.datacenter());
            }
            final long pid = cassandra.pid().orElseThrow();
            cassandra.close();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .isFalse();
            assertThat(LocalServices.accepts(cassandra.host(), cassandra.port()))
                    .isFalse();
        }
    }

    private static CqlSession connect(final PrivateCassandra cassandra) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress(cassandra.host(), cassandra.port()))
                .withLocalDatacenter(cassandra.datacenter())
                .build();
    }
}
