package org.jzenith.postgresql.log;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.postgresql.PostgresqlPlugin;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * The reactive plugin's {@code outbox.mode=log} on a server with {@code wal_level=replica} (a cluster
 * of the test's own, as initdb makes it) stops start-up with one message saying what to set; a slot
 * name PostgreSQL would refuse stops it before anything connects.
 */
class ReactiveLogOutboxRefusedIT {

    @RegisterExtension
    static final PrivatePostgresql REPLICA = PrivatePostgresql.create();

    @Test
    void walLevelReplicaIsRefusedAtStartUpSayingWhatToSet() {
        assertThatThrownBy(() -> application().start())
                .hasStackTraceContaining("outbox.mode=log cannot run on PostgreSQL at")
                .hasStackTraceContaining("the server has wal_level=replica")
                .hasStackTraceContaining("ALTER SYSTEM SET wal_level = logical")
                .hasStackTraceContaining("cloudsql.logical_decoding=on")
                .hasStackTraceContaining("Or set outbox.mode=table");
    }

    @Test
    void aSlotNamePostgresqlWouldRefuseIsRefusedBeforeAnythingConnects() {
        assertThatThrownBy(() -> application()
                        .withConfiguration("outbox.log.slot", "Users-Outbox")
                        .start())
                .hasStackTraceContaining("outbox.log.slot")
                .hasStackTraceContaining("lower-case letters, digits and underscores");
    }

    private static JZenith application() {
        return JZenith.application()
                .withPlugins(PostgresqlPlugin.create().withOutbox())
                .withConfiguration("postgresql.host", REPLICA.host())
                .withConfiguration("postgresql.port", REPLICA.port())
                .withConfiguration("postgresql.database", PrivatePostgresql.DATABASE)
                .withConfiguration("postgresql.username", PrivatePostgresql.USER)
                .withConfiguration("outbox.mode", "log");
    }
}
