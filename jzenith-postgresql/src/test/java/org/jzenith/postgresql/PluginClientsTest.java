package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.Tuple;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Await;

/** The injected pool and client before the plugin started: every call fails like an outage. */
class PluginClientsTest {

    private final RunningClients clients = new RunningClients();

    @Test
    void thePoolFailsEveryCallUntilStarted() {
        final PluginPool pool = new PluginPool(clients);
        assertThat(pool.size()).isZero();
        assertThat(Await.failure(pool.query("SELECT 1").execute()))
                .isInstanceOf(NotRunningException.class)
                .hasMessage("The postgresql plugin has not started yet; there is no connection pool");
        assertThat(Await.failure(pool.preparedQuery("SELECT $1").execute(Tuple.of(1))))
                .isInstanceOf(NotRunningException.class);
        assertThat(Await.failure(
                        pool.preparedQuery("SELECT $1").mapping(row -> row).executeBatch(List.of(Tuple.of(1)))))
                .isInstanceOf(NotRunningException.class);
        assertThat(Await.failure(pool.getConnection())).isInstanceOf(NotRunningException.class);
        assertThat(Await.failure(pool.withTransaction(
                        connection -> connection.query("SELECT 1").execute())))
                .isInstanceOf(NotRunningException.class);
        assertThat(Await.failure(pool.withConnection(
                        connection -> connection.query("SELECT 1").execute())))
                .isInstanceOf(NotRunningException.class);
        assertThat(Await.result(pool.close())).isNull();
    }

    @Test
    void theClientFailsEveryCallAfterStop() {
        clients.stop();
        final PluginSqlClient client = new PluginSqlClient(clients);
        assertThat(Await.failure(client.query("SELECT 1").execute()))
                .isInstanceOf(NotRunningException.class)
                .hasMessage("The postgresql plugin has stopped; there is no connection pool");
        assertThat(Await.failure(client.preparedQuery("SELECT 1").execute())).isInstanceOf(NotRunningException.class);
    }
}
