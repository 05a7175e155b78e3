package org.jzenith.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class CassandraTargetTest {

    @Test
    void readsContactPoints() {
        assertThat(CassandraTarget.contactPoint("db1:9042")).contains(InetSocketAddress.createUnresolved("db1", 9042));
        assertThat(CassandraTarget.contactPoint(" [::1]:19042 "))
                .contains(InetSocketAddress.createUnresolved("::1", 19042));
        assertThat(CassandraTarget.contactPoint("db1")).isEmpty();
        assertThat(CassandraTarget.contactPoint("db1:")).isEmpty();
        assertThat(CassandraTarget.contactPoint("db1:0")).isEmpty();
        assertThat(CassandraTarget.contactPoint("db1:65536")).isEmpty();
        assertThat(CassandraTarget.contactPoint("::1:9042")).isEmpty();
        assertThat(CassandraTarget.contactPoint(":9042")).isEmpty();
    }
}
