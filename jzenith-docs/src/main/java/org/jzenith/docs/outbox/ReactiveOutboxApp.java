package org.jzenith.docs.outbox;

import org.jzenith.core.JZenith;
import org.jzenith.docs.users.UserResource;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.postgresql.PostgresqlPlugin;
import org.jzenith.rest.RestPlugin;

/** A service on the reactive PostgreSQL client that publishes through its outbox. */
public final class ReactiveOutboxApp {

    private ReactiveOutboxApp() {}

    public static void main(final String... args) {
        // tag::main[]
        JZenith.application(args)
                .withPlugins(
                        PostgresqlPlugin.create().withOutbox(), // the tables, PostgresqlOutbox, PostgresqlInbox
                        KafkaPlugin.withConsumers(ReactiveAuditConsumer.class), // the relay, @Idempotent
                        RestPlugin.withResources(UserResource.class))
                .run();
        // end::main[]
    }
}
