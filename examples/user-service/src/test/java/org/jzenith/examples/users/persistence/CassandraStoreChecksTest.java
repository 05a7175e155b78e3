package org.jzenith.examples.users.persistence;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.examples.users.UserServiceApplication;

class CassandraStoreChecksTest {

    @Test
    void theOutboxOnCassandraStopsStartUpSayingWhyBeforeAnythingIsCreated() {
        assertThatThrownBy(() -> UserServiceApplication.application(
                                "--user.store=cassandra",
                                "--user.events=outbox",
                                "--kafka.bootstrap-servers=127.0.0.1:1",
                                "--cassandra.contact-points=127.0.0.1:1",
                                "--cassandra.local-datacenter=dc1")
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 1 problem")
                .hasMessageContaining("user.events")
                .hasMessageContaining("none or kafka with user.store=cassandra: the outbox commits each event in the"
                        + " transaction of its change, and Cassandra has no transaction that holds a user's row and an"
                        + " outbox row together");
    }
}
