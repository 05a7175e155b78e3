package org.jzenith.postgresql;

import com.google.inject.Module;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.ClientBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.errors.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application PostgreSQL through the reactive Vert.x client: a {@link Pool} and a
 * pipelined {@link SqlClient} to inject, Flyway migrations applied at start-up, a readiness check
 * and pool metrics.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(PostgresqlPlugin.create(),                    // first: migrated before requests
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
 * <p>Start-up first runs a query, so that a wrong password, an unknown role or database, or a server
 * that cannot be reached stop {@code run()} with a message naming the key to fix (the password
 * masked). While the database is away, calls fail within {@code postgresql.connection-timeout} with
 * exceptions the REST plugin answers with 503 (see {@link Unavailable}), the {@code postgresql}
 * health check ({@link PostgresqlHealthCheck}) is DOWN, and both recover by themselves when it
 * returns. Pool metrics are Vert.x's {@code vertx_pool_*} meters tagged {@code pool_type="sql"} and
 * {@code pool_name="postgresql"} (or {@code "postgresql-pipelined"}), and the {@code vertx_sql_*}
 * meters of the commands. Stopping closes both clients.
 *
 * <p>{@link #start} and {@link #stop} are called by the application's lifecycle thread and never
 * block it.
 */
public final class PostgresqlPlugin implements Plugin {

    /** Where Flyway looks for migrations. */
    public static final String MIGRATIONS = "classpath:db/migration";

    /** The pool's name: the {@code pool_name} tag of its metrics. */
    static final String POOL_NAME = "postgresql";

    /** The pipelined client's name: the {@code pool_name} tag of its metrics. */
    static final String PIPELINED_NAME = "postgresql-pipelined";

    private static final Logger LOG = LoggerFactory.getLogger(PostgresqlPlugin.class);
    private static final Duration MIN_CONNECTION_TIMEOUT = Duration.ofMillis(100);
    private static final Duration MAX_CONNECTION_TIMEOUT = Duration.ofMinutes(10);
    private static final String SERVER_VERSION = "SELECT current_setting('server_version')";

    private final RunningClients clients = new RunningClients();

    private PostgresqlPlugin() {}

    /** The PostgreSQL plugin, configured under {@code postgresql.}. */
    public static PostgresqlPlugin create() {
        return new PostgresqlPlugin();
    }

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public List<Module> modules() {
        return List.of(new PostgresqlModule(clients));
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(PostgresqlConfiguration.class);
    }

    /**
     * Checks the configuration, connects, and migrates on a worker thread; the future completes when
     * the clients are ready.
     */
    @Override
    public Future<Void> start(final PluginContext context) {
        final PostgresqlConfiguration configuration = context.instance(PostgresqlConfiguration.class);
        final Vertx vertx = context.vertx();
        final ClassLoader loader = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                .orElse(PostgresqlPlugin.class.getClassLoader());
        final PostgresqlTarget target;
        try {
            check(configuration);
            target = PostgresqlTarget.of(configuration);
        } catch (final IllegalArgumentException e) {
            return Future.failedFuture(e);
        }
        final Pool pool = build(PgBuilder.pool(), POOL_NAME, target, configuration, vertx);
        final SqlClient pipelined = build(PgBuilder.client(), PIPELINED_NAME, target, configuration, vertx);
        return pool.query(SERVER_VERSION)
                .execute()
                .<String>transform(connected -> connected.succeeded()
                        ? Future.succeededFuture("PostgreSQL "
                                + connected.result().iterator().next().getString(0))
                        : Future.failedFuture(new IllegalStateException(
                                ConnectFailures.explain(target, connected.cause()), connected.cause())))
                .compose(server -> (configuration.migrate()
                                ? vertx.executeBlocking(() -> Optional.of(migrate(target, loader)), false)
                                : Future.succeededFuture(Optional.<MigrateResult>empty()))
                        .map(migrated -> {
                            clients.start(new RunningClients.Clients(pool, pipelined, target, server));
                            log(server, target, configuration, migrated);
                            return (Void) null;
                        }))
                .onFailure(ignored -> {
                    pool.close();
                    pipelined.close();
                });
    }

    /** Closes both clients; commands in flight fail. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        return clients.stop()
                .map(running -> Future.join(
                                running.pool().close(), running.pipelined().close())
                        .<Void>mapEmpty())
                .orElseGet(Future::succeededFuture);
    }

    private static void check(final PostgresqlConfiguration configuration) {
        if (configuration.pool().size() < 1) {
            throw new IllegalArgumentException("postgresql.pool.size="
                    + configuration.pool().size() + " is not valid: the pool needs at least 1 connection");
        }
        if (configuration.pool().maxWaiting() < 1) {
            throw new IllegalArgumentException("postgresql.pool.max-waiting="
                    + configuration.pool().maxWaiting() + " is not valid: at least 1 call must be able to wait");
        }
        if (configuration.pipeliningLimit() < 1) {
            throw new IllegalArgumentException("postgresql.pipelining-limit=" + configuration.pipeliningLimit()
                    + " is not valid: it must be at least 1 (1 turns pipelining off)");
        }
        final Duration timeout = configuration.connectionTimeout();
        if (timeout.compareTo(MIN_CONNECTION_TIMEOUT) < 0 || timeout.compareTo(MAX_CONNECTION_TIMEOUT) > 0) {
            throw new IllegalArgumentException("postgresql.connection-timeout=" + timeout.toMillis()
                    + "ms is not valid: it must be at least " + MIN_CONNECTION_TIMEOUT.toMillis() + "ms and at most "
                    + MAX_CONNECTION_TIMEOUT.toMinutes() + "m");
        }
    }

    private static <C> C build(
            final ClientBuilder<C> builder,
            final String name,
            final PostgresqlTarget target,
            final PostgresqlConfiguration configuration,
            final Vertx vertx) {
        final int timeoutMillis = (int) configuration.connectionTimeout().toMillis();
        final PgConnectOptions connect = target.connectOptions()
                .setPipeliningLimit(configuration.pipeliningLimit())
                .setCachePreparedStatements(true);
        final PoolOptions pool = new PoolOptions()
                .setName(name)
                .setMaxSize(configuration.pool().size())
                .setMaxWaitQueueSize(configuration.pool().maxWaiting())
                .setConnectionTimeout(timeoutMillis)
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
        return builder.with(pool)
                .with(new NetClientOptions().setConnectTimeout(timeoutMillis))
                .connectingTo(connect)
                .using(vertx)
                .build();
    }

    private static MigrateResult migrate(final PostgresqlTarget target, final ClassLoader loader) {
        final PgConnectOptions options = target.options();
        try {
            return Flyway.configure(loader)
                    .dataSource(target.jdbcUrl(), options.getUser(), options.getPassword())
                    .locations(MIGRATIONS)
                    .load()
                    .migrate();
        } catch (final RuntimeException e) {
            throw new IllegalStateException(
                    "cannot apply the migrations in " + MIGRATIONS + " to " + target.describe() + ": "
                            + target.mask(Failures.describe(e))
                            + "; fix the failing migration, or set postgresql.migrate=false to start without"
                            + " migrating",
                    e);
        }
    }

    private static void log(
            final String server,
            final PostgresqlTarget target,
            final PostgresqlConfiguration configuration,
            final Optional<MigrateResult> migrated) {
        final String migrations = migrated.map(result -> result.migrationsExecuted + " migrations applied from "
                        + MIGRATIONS + ", schema version "
                        + Optional.ofNullable(result.targetSchemaVersion).orElse("unchanged"))
                .orElse("migrations off (postgresql.migrate=false)");
        LOG.info(
                "Connected to {} at {}: a pool and a pipelined client of up to {} connections each; {}",
                server,
                target.address(),
                configuration.pool().size(),
                migrations);
    }
}
