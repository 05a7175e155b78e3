package org.jzenith.examples.users;

import org.jzenith.cassandra.CassandraPlugin;
import org.jzenith.core.JZenith;
import org.jzenith.examples.users.UserServiceConfiguration.Events;
import org.jzenith.examples.users.UserServiceConfiguration.Security;
import org.jzenith.examples.users.UserServiceConfiguration.Store;
import org.jzenith.examples.users.api.UserResource;
import org.jzenith.examples.users.events.UserEventsModule;
import org.jzenith.examples.users.persistence.CassandraStoreChecks;
import org.jzenith.examples.users.persistence.CassandraUserDao;
import org.jzenith.examples.users.persistence.PersistenceLayerModule;
import org.jzenith.examples.users.persistence.RedisStoreChecks;
import org.jzenith.examples.users.security.OpenAccessPlugin;
import org.jzenith.examples.users.service.NoSuchUserException;
import org.jzenith.examples.users.service.ServiceLayerModule;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.jwt.JwtPlugin;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.opentelemetry.OpenTelemetryPlugin;
import org.jzenith.postgresql.PostgresqlPlugin;
import org.jzenith.redis.RedisPlugin;
import org.jzenith.rest.RestPlugin;

/**
 * The seed's user service: CRUD on {@code /users} over a layered design (resources, a service
 * layer, a persistence layer behind {@code UserDao}), on an embedded H2 database unless {@code
 * jdbc.url} names another, or on PostgreSQL's reactive client with {@code user.store=postgresql}, or
 * on Redis with {@code user.store=redis}, or on Cassandra with {@code user.store=cassandra}. Creating, changing and deleting users needs the role
 * {@code user-admin}: from a JWT bearer token with {@code user.security=jwt} (and the {@code jwt.}
 * settings), or for every caller while {@code user.security} is {@code none}, the default. With
 * {@code user.events=kafka} it publishes {@code UserCreated} and {@code UserDeleted} to the Kafka
 * topic {@code users.events} (off by default, so that it runs with nothing installed), or to the
 * RabbitMQ exchange {@code users.events} with {@code messaging.channels."users.events".connector=rabbitmq}; with {@code
 * user.events=outbox} through the transactional outbox of the store (JDBC's, or the reactive PostgreSQL
 * plugin's), in the transaction of the change; with {@code user.events=debezium} as a row of Debezium's
 * outbox table, which Debezium relays (a benchmark's anchor). The
 * service listens on {@code 127.0.0.1} unless {@code rest.host} says otherwise, and with {@code
 * user.security=none} it refuses an address other machines reach outside the {@code dev} and
 * {@code test} profiles.
 *
 * <pre>
 * java -jar examples/user-service/target/user-service.jar --rest.port=8080
 * </pre>
 */
public final class UserServiceApplication {

    private UserServiceApplication() {}

    public static void main(final String... args) {
        application(args).run();
    }

    /** The service, configured by {@code args} and not yet started (tests start it themselves). */
    public static JZenith application(final String... args) {
        return JZenith.application(args)
                // The store plugins connect (and migrate) before the REST plugin opens, by their phase.
                // With the outbox only for user.events=outbox: where it exists the kafka check leaves
                // readiness (the outbox buffers while the broker is away), which user.events=kafka needs.
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.store() == Store.JDBC && c.events() == Events.OUTBOX,
                        JdbcPlugin.create().withOutbox())
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.store() == Store.JDBC && c.events() != Events.OUTBOX,
                        JdbcPlugin.create())
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.store() == Store.POSTGRESQL && c.events() == Events.OUTBOX,
                        PostgresqlPlugin.create().withOutbox())
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.store() == Store.POSTGRESQL && c.events() != Events.OUTBOX,
                        PostgresqlPlugin.create())
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.store() == Store.REDIS,
                        RedisPlugin.create(),
                        RedisStoreChecks.create())
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.store() == Store.CASSANDRA,
                        CassandraPlugin.create().withMigrations(CassandraUserDao.MIGRATION),
                        CassandraStoreChecks.create())
                // The write methods need the role user-admin: proved by a JWT, or granted to every
                // request (with a warning) while user.security is none.
                .withPluginsIf(UserServiceConfiguration.class, c -> c.security() == Security.JWT, JwtPlugin.create())
                .withPluginsIf(
                        UserServiceConfiguration.class, c -> c.security() == Security.NONE, OpenAccessPlugin.create())
                // UserCreated and UserDeleted to Kafka with user.events=kafka, or to RabbitMQ where
                // messaging.channels."users.events".connector=rabbitmq; named before the REST plugin,
                // so that REST stops first and its requests can still send.
                .withPluginsIf(
                        UserServiceConfiguration.class,
                        c -> c.events() == Events.KAFKA || c.events() == Events.OUTBOX,
                        UserEventsModule.plugins())
                .withPlugins(RestPlugin.withResources(UserResource.class).withMapping(NoSuchUserException.class, 404))
                // The OpenAPI document (the build generates the Java client of UserServiceClientIT from it) and Swagger
                // UI.
                .withPlugins(OpenApiPlugin.create())
                // Traces over OTLP once OTEL_SDK_DISABLED=false and OTEL_EXPORTER_OTLP_ENDPOINT say so:
                // off by default, so that the service runs where no collector listens.
                .withPlugins(OpenTelemetryPlugin.forService("user-service"))
                .withConfiguration("otel.sdk.disabled", true)
                // Only this machine reaches the service until rest.host says otherwise: with the
                // default user.security=none every caller may change users (OpenAccessPlugin).
                .withConfiguration("rest.host", "127.0.0.1")
                .withModules(new ServiceLayerModule(), new PersistenceLayerModule(), new UserEventsModule());
    }
}
