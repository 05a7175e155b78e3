package org.jzenith.examples.audit;

import org.jzenith.core.JZenith;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;

/**
 * The audit service: consumes the user service's {@code UserCreated} and {@code UserDeleted} events
 * from the Kafka topic {@code users.events} into its own table (embedded H2 unless {@code jdbc.url}
 * names another database) and lists them on {@code GET /audit}. Each event is kept once, however
 * often it arrives: the table is keyed by the event's id, and counts its deliveries.
 *
 * <pre>
 * examples/audit-service/target/audit-service/bin/audit-service --kafka.bootstrap-servers=broker:9092
 * examples/audit-service/target/audit-service/bin/audit-service --jzenith.profile=dev   # its own broker
 * </pre>
 */
public final class AuditServiceApplication {

    private AuditServiceApplication() {}

    public static void main(final String... args) {
        application(args).run();
    }

    /** The service, configured by {@code args} and not yet started (tests start it themselves). */
    public static JZenith application(final String... args) {
        return JZenith.application(args)
                // By phase: the database is migrated before the consumer reads, and the consumer
                // starts before REST opens.
                // withOutbox(): the inbox UserEventConsumer's @Idempotent records each event id in.
                .withPlugins(JdbcPlugin.create().withOutbox())
                .withPlugins(KafkaPlugin.withConsumers(UserEventConsumer.class))
                .withPlugins(RestPlugin.withResources(AuditResource.class), OpenApiPlugin.create())
                .withConfiguration("kafka.group-id", "audit-service")
                .withConfiguration("rest.host", "127.0.0.1");
    }
}
