package org.jzenith.docs.outbox;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jzenith.postgresql.PostgresqlOutbox;

/** Writes a user and publishes its event in one reactive transaction. */
public class ReactiveUsers {

    private final Pool pool;
    private final PostgresqlOutbox outbox;

    @Inject
    public ReactiveUsers(final Pool pool, final PostgresqlOutbox outbox) {
        this.pool = pool;
        this.outbox = outbox;
    }

    public Future<UUID> create(final String name) {
        final UUID id = UUID.randomUUID();
        // tag::publish[]
        // on the event loop, or .await() on a virtual thread
        return pool.withTransaction(connection -> connection
                .preparedQuery("INSERT INTO users (id, name) VALUES ($1, $2)")
                .execute(Tuple.of(id, name))
                .compose(inserted -> outbox.publish(
                        connection, "users.events", id.toString(), new UserCreated(id, name))) // same transaction
                .map(id));
        // end::publish[]
    }
}
