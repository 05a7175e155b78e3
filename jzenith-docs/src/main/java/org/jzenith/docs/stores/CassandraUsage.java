package org.jzenith.docs.stores;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.reactivex.rxjava3.core.Single;
import io.vertx.core.Future;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.jzenith.cassandra.CassandraClient;
import org.jzenith.cassandra.CassandraPlugin;
import org.jzenith.core.JZenith;
import org.jzenith.docs.users.UserResource;
import org.jzenith.rest.RestPlugin;

/** The Cassandra plugin and its client, as docs/data-stores.md shows them. */
public final class CassandraUsage {

    private CassandraUsage() {}

    static JZenith application(final String... args) {
        // tag::plugin[]
        return JZenith.application(args)
                .withPlugins(
                        CassandraPlugin.create().withMigrations("db/cassandra/V1__create_users.cql"),
                        RestPlugin.withResources(UserResource.class));
        // end::plugin[]
    }

    static void statements(
            final CassandraClient cassandra, final UUID id, final PreparedStatement a, final PreparedStatement b) {
        // tag::client[]
        Future<AsyncResultSet> name = cassandra.execute("SELECT name FROM users WHERE id = ?", id);
        CompletionStage<AsyncResultSet> deleted = cassandra.executeAsync("DELETE FROM users WHERE id = ?", id);
        Single<AsyncResultSet> rx = Single.fromCompletionStage(cassandra.executeAsync("SELECT * FROM users"));
        AsyncResultSet rows = cassandra.executeBlocking("SELECT name FROM users WHERE id = ?", id); // virtual thread
        cassandra.execute(BatchStatement.newInstance(DefaultBatchType.LOGGED, a.bind(id), b.bind(id)));
        // end::client[]
    }
}
