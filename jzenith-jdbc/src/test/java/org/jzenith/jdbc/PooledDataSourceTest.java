package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class PooledDataSourceTest {

    @Test
    void beforeStartACallFailsAsWhenTheDatabaseIsAway() {
        final PooledDataSource dataSource = new PooledDataSource(new BrokenConnections());

        assertThat(dataSource.pool()).isEmpty();
        assertThatThrownBy(dataSource::getConnection)
                .isInstanceOf(SQLTransientConnectionException.class)
                .hasMessageContaining("has not started yet");
    }

    @Test
    void afterStopACallFailsAsWhenTheDatabaseIsAway() {
        final PooledDataSource dataSource = new PooledDataSource(new BrokenConnections());

        assertThat(dataSource.stop()).isEmpty();
        assertThatThrownBy(dataSource::getConnection)
                .isInstanceOf(SQLTransientConnectionException.class)
                .hasMessageContaining("has stopped");
    }

    @Test
    void brokenConnectionsLetHikariEvictAndNeedNoPool() {
        final BrokenConnections broken = new BrokenConnections();

        assertThat(broken.adjudicate(new SQLException("gone", "08006")))
                .isEqualTo(SQLExceptionOverride.Override.CONTINUE_EVICT);
        assertThat(broken.adjudicate(new SQLException("duplicate key", "23505")))
                .isEqualTo(SQLExceptionOverride.Override.CONTINUE_EVICT);
    }
}
