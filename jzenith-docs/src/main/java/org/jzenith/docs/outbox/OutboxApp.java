package org.jzenith.docs.outbox;

import org.jzenith.core.JZenith;
import org.jzenith.docs.users.UserResource;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.rest.RestPlugin;

/** A service that publishes through the outbox and applies events through the inbox. */
public final class OutboxApp {

    private OutboxApp() {}

    public static void main(final String... args) {
        // tag::main[]
        JZenith.application(args)
                .withPlugins(
                        JdbcPlugin.create().withOutbox(), // the tables, Outbox, the inbox
                        KafkaPlugin.withConsumers(AuditConsumer.class), // the relay, @Idempotent
                        RestPlugin.withResources(UserResource.class))
                .run();
        // end::main[]
    }
}
