package org.jzenith.docs.outbox;

import jakarta.inject.Inject;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.outbox.Outbox;

/** Writes a user and publishes its event in one transaction. */
public class Users {

    private final Jdbi jdbi;
    private final Outbox outbox;

    @Inject
    public Users(final Jdbi jdbi, final Outbox outbox) {
        this.jdbi = jdbi;
        this.outbox = outbox;
    }

    public UUID create(final String name) {
        final UUID id = UUID.randomUUID();
        // tag::publish[]
        // in a service called on a virtual thread
        jdbi.useTransaction(handle -> {
            handle.createUpdate("INSERT INTO users (id, name) VALUES (:id, :name)")
                    .bind("id", id)
                    .bind("name", name)
                    .execute();
            outbox.publish("users.events", id.toString(), new UserCreated(id, name)); // same transaction
        });
        // end::publish[]
        return id;
    }
}
