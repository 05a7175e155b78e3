package org.jzenith.examples.audit;

import org.jzenith.core.JZenith;
import org.jzenith.examples.audit.AuditConfiguration.Security;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.jwt.JwtPlugin;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.messaging.Channels;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rabbitmq.RabbitMqPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.security.OpenAccess;

/**
 * The audit service: consumes the user service's {@code UserCreated} and {@code UserDeleted} events
 * from the Kafka topic {@code users.events}, or with {@code
 * messaging.channels."users.events".connector=rabbitmq} from the RabbitMQ queue {@code
 * audit.users.events} bound to the exchange {@code users.events}, into its own table (embedded H2 unless {@code jdbc.url}
 * names another database) and lists them on {@code GET /audit}. Each event is kept once, however
 * often it arrives: the table is keyed by the event's id, and counts its deliveries.
 *
 * <p>The list names users, so reading it needs the role {@code audit-reader}: from a JWT bearer
 * token with {@code audit.security=jwt} (and the {@code jwt.} settings), or for every caller while
 * {@code audit.security} is {@code none}, the default. The service listens on {@code 127.0.0.1}
 * unless {@code rest.host} says otherwise, and with {@code audit.security=none} it refuses an address
 * other machines reach outside the {@code dev} and {@code test} profiles, as the user service does.
 *
 * <pre>
 * examples/audit-service/target/audit-service/bin/audit-service --kafka.bootstrap-servers=broker:9092
 * examples/audit-service/target/audit-service/bin/audit-service --jzenith.profile=dev   # its own broker
 * examples/audit-service/target/audit-service/bin/audit-service --rabbitmq.host=127.0.0.1 \
 *     '--messaging.channels."users.events".connector=rabbitmq'
 * </pre>
 */
public final class AuditServiceApplication {

    /** The service's one channel, {@code users.events}, consumed by {@link UserEventConsumer}. */
    static final ChannelDeclarations CHANNELS = Channels.withConsumers(UserEventConsumer.class);

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
                // The consumer's channel, served by Kafka or RabbitMQ as
                // messaging.channels."users.events".connector says (kafka in jzenith.properties).
                .withPlugins(KafkaPlugin.serving(CHANNELS), RabbitMqPlugin.serving(CHANNELS))
                // GET /audit needs the role audit-reader: proved by a JWT, or granted to every request
                // (with a warning, and on loopback only outside dev and test) while audit.security is none.
                .withPluginsIf(AuditConfiguration.class, c -> c.security() == Security.JWT, JwtPlugin.create())
                .withPluginsIf(
                        AuditConfiguration.class,
                        c -> c.security() == Security.NONE,
                        OpenAccess.grant(AuditResource.READER)
                                .chosenBy("audit.security=none")
                                .otherwise("audit.security=jwt and the jwt.* settings"))
                .withPlugins(RestPlugin.withResources(AuditResource.class), OpenApiPlugin.create())
                .withConfiguration("kafka.group-id", "audit-service")
                // Only this machine reaches the service until rest.host says otherwise.
                .withConfiguration("rest.host", "127.0.0.1");
    }
}
