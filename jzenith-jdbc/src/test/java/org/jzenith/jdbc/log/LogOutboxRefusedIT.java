package org.jzenith.jdbc.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * {@code outbox.mode=log} on a server with {@code wal_level=replica} (a cluster of the test's own, as
 * initdb makes it) stops start-up with one message saying what to set, before anything is created;
 * and on a database that is not PostgreSQL, before anything connects.
 */
class LogOutboxRefusedIT {

    @RegisterExtension
    static final PrivatePostgresql REPLICA = PrivatePostgresql.create();

    @Test
    void walLevelReplicaIsRefusedAtStartUpSayingWhatToSet() {
        final JZenith app = JZenith.application()
                .withPlugins(JdbcPlugin.create().withOutbox())
                .withConfiguration("jdbc.url", REPLICA.database().jdbcUrl())
                .withConfiguration("jdbc.username", PrivatePostgresql.USER)
                .withConfiguration("outbox.mode", "log");
        assertThatThrownBy(app::start)
                .hasStackTraceContaining("outbox.mode=log cannot run on jdbc.url=")
                .hasStackTraceContaining("the server has wal_level=replica")
                .hasStackTraceContaining("ALTER SYSTEM SET wal_level = logical")
                .hasStackTraceContaining("rds.logical_replication=1")
                .hasStackTraceContaining("Or set outbox.mode=table");
        final long slots = Jdbi.create(REPLICA.database().jdbcUrl(), PrivatePostgresql.USER, "")
                .withHandle(handle -> handle.createQuery(
                                "SELECT (SELECT COUNT(*) FROM pg_replication_slots) + (SELECT COUNT(*) FROM"
                                        + " pg_publication) + (SELECT COUNT(*) FROM pg_tables WHERE tablename LIKE"
                                        + " 'jzenith%')")
                        .mapTo(Long.class)
                        .one());
        assertThat(slots).as("no slot, publication or table was made").isZero();
    }

    @Test
    void aDatabaseOtherThanPostgresqlIsRefusedBeforeAnythingConnects() {
        final JZenith app = JZenith.application()
                .withPlugins(JdbcPlugin.create().withOutbox())
                .withConfiguration("jdbc.url", "jdbc:h2:mem:log-refused")
                .withConfiguration("outbox.mode", "log")
                .withConfiguration("outbox.log.slot", "Not-A-Slot");
        assertThatThrownBy(app::start)
                .hasStackTraceContaining("outbox.mode")
                .hasStackTraceContaining("the log store reads PostgreSQL's write-ahead log")
                .hasStackTraceContaining("outbox.log.slot")
                .hasStackTraceContaining("lower-case letters, digits and underscores");
    }
}
