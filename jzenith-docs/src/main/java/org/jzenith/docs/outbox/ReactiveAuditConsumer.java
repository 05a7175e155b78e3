package org.jzenith.docs.outbox;

import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jzenith.messaging.Idempotent;
import org.jzenith.postgresql.PostgresqlInbox;

/** Applies each user event once, through the reactive PostgreSQL plugin's inbox. */
public class ReactiveAuditConsumer {

    private final PostgresqlInbox inbox;

    @Inject
    public ReactiveAuditConsumer(final PostgresqlInbox inbox) {
        this.inbox = inbox;
    }

    // tag::consumer[]
    // in the consumer (a virtual thread)
    @Incoming("users.events")
    @Idempotent // the event id is recorded in the transaction of inbox.transaction()
    public void apply(final UserCreated event) {
        inbox.transaction()
                .preparedQuery("INSERT INTO audit (user_id, name) VALUES ($1, $2)")
                .execute(Tuple.of(event.id(), event.name()))
                .await(); // done before the inbox's transaction commits
    }
    // end::consumer[]
}
