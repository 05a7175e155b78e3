package org.jzenith.docs.outbox;

import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.messaging.Idempotent;

/** Applies each user event once. */
public class AuditConsumer {

    private final Jdbi jdbi;

    @Inject
    public AuditConsumer(final Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    // tag::consumer[]
    // in the consumer
    @Incoming("users.events")
    @Idempotent // the event id is recorded in the transaction of the method's writes
    public void apply(final UserCreated event) {
        jdbi.useHandle(handle -> handle.createUpdate("INSERT INTO audit (user_id, name) VALUES (:id, :name)")
                .bind("id", event.id())
                .bind("name", event.name())
                .execute());
    }
    // end::consumer[]
}
