package org.jzenith.jdbc;

import com.google.inject.Module;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.flywaydb.core.api.output.MigrateResult;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.outbox.OutboxStoreConfiguration;
import org.jzenith.core.store.FirstConnection;
import org.jzenith.flyway.Migrations;
import org.jzenith.flyway.OutboxMigrations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application a relational database over JDBC: a HikariCP connection pool, {@link
 * org.jdbi.v3.core.Jdbi} and the {@link javax.sql.DataSource} to inject, Flyway migrations applied
 * at start-up, a readiness check and pool metrics. Without {@code jdbc.url} it uses an embedded,
 * file-based H2 database, so a service runs with nothing installed.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(JdbcPlugin.create(),                          // connects and migrates before REST opens
 *                     RestPlugin.withResources(UserResource.class))
 *        .withConfiguration("jdbc.url", "jdbc:postgresql://db:5432/users")
 *        .run();
 *
 * public final class UserDao {
 *     private final Jdbi jdbi;
 *
 *     @Inject
 *     UserDao(final Jdbi jdbi) { this.jdbi = jdbi; }
 *
 *     public Optional<String> name(final long id) {            // call it from a blocking resource method
 *         return jdbi.withHandle(handle -> handle.createQuery("SELECT name FROM users WHERE id = :id")
 *                 .bind("id", id).mapTo(String.class).findOne());
 *     }
 * }
 * }</pre>
 *
 * <p>Migrations are Flyway's: {@code src/main/resources/db/migration/V1__create_users.sql} and so
 * on, applied in order when the plugin starts (turn off with {@code jdbc.migrate=false}). The
 * embedded H2 runs in PostgreSQL compatibility mode, so migrations written for it carry over to
 * PostgreSQL. Configure it under {@code jdbc.} ({@link JdbcConfiguration}).
 *
 * <p>JDBC blocks: use it from resource methods that run on virtual threads (those returning plain
 * values), never from the event loop. When the database is away, a call fails within {@code
 * jdbc.connection-timeout} with an exception the REST plugin answers with 503, the {@code jdbc}
 * health check ({@link JdbcHealthCheck}) is DOWN, and both recover when the database returns.
 *
 * <p>If the database cannot be reached at start-up, {@code run()} fails with a message naming
 * {@code jdbc.url} (its password masked) and the driver's reason. A first connection that times out
 * (a loaded server) or finds the server starting or out of connection slots is tried again with a
 * growing pause for up to half of {@code jzenith.start-timeout} ({@link FirstConnection}). Pool metrics are the {@code
 * hikaricp_*} meters of the application's registry, tagged {@code pool="jdbc"}. Stopping closes
 * the pool.
 *
 * <p>{@link #start} and {@link #stop} are called by the application's lifecycle thread and do
 * their blocking work on virtual threads. The injected {@code DataSource} and {@code Jdbi} are
 * thread-safe; a call made before the plugin started or after it stopped fails like a call while
 * the database is away.
 */
public final class JdbcPlugin implements Plugin {

    /** Where Flyway looks for migrations. */
    public static final String MIGRATIONS = Migrations.LOCATION;

    /** The pool's name: in HikariCP's log lines and the metrics' {@code pool} tag. */
    static final String POOL_NAME = "jdbc";

    private static final Logger LOG = LoggerFactory.getLogger(JdbcPlugin.class);
    private static final Set<String> NOT_NOW_STATES = Set.of("57P03", "53300");
    private static final int TOO_MANY_CONNECTIONS = 1040;
    private static final String POSTGRESQL_URL = "jdbc:postgresql:";
    private static final String LOGIN_TIMEOUT = "loginTimeout";
    // PgJDBC's failure when loginTimeout passed: SQLSTATE 08001 as for a refused connection, no cause.
    private static final String PGJDBC_LOGIN_TIMED_OUT = "Connection attempt timed out";
    // Hikari's own floor for its validation timeout.
    private static final Duration MIN_VALIDATION_TIMEOUT = Duration.ofMillis(250);
    private static final Duration MAX_VALIDATION_TIMEOUT = Duration.ofSeconds(1);

    private final BrokenConnections brokenConnections = new BrokenConnections();
    private final PooledDataSource dataSource = new PooledDataSource(brokenConnections);
    private final boolean outbox;

    private JdbcPlugin(final boolean outbox) {
        this.outbox = outbox;
    }

    /** The JDBC plugin, configured under {@code jdbc.}. */
    public static JdbcPlugin create() {
        return new JdbcPlugin(false);
    }

    /**
     * This plugin with the transactional outbox and idempotent inbox: binds {@link
     * org.jzenith.core.outbox.Outbox}, whose events commit with the transaction open on the calling
     * thread, and the inbox {@code @Idempotent} Kafka consumers record their messages in. Its own
     * migrations ({@value #OUTBOX_MIGRATIONS}{@code /<database>}, history table {@value
     * #OUTBOX_HISTORY}) create {@code jzenith_outbox}, {@code jzenith_outbox_lease} and {@code
     * jzenith_inbox} on H2, PostgreSQL and MariaDB/MySQL, after the application's. The relay is
     * {@code KafkaPlugin}'s: without it, {@code publish} fails, naming it. On PostgreSQL a commit
     * that published notifies the relays of all instances ({@code LISTEN/NOTIFY}, the PostgreSQL
     * driver's API on a connection of its own), so none waits for its poll. Settings are under {@code
     * outbox.} and {@code inbox.}.
     *
     * <pre>{@code
     * JZenith.application(args).withPlugins(JdbcPlugin.create().withOutbox(), KafkaPlugin.create(), ...)
     * }</pre>
     */
    public JdbcPlugin withOutbox() {
        return new JdbcPlugin(true);
    }

    /** Where the outbox's own migrations are, one folder per database. */
    public static final String OUTBOX_MIGRATIONS = OutboxMigrations.LOCATION;

    /** The outbox migrations' history table, apart from the application's {@code flyway_schema_history}. */
    public static final String OUTBOX_HISTORY = OutboxMigrations.HISTORY;

    @Override
    public String name() {
        return "jdbc";
    }

    /** Connects before the plugins that serve from it. */
    @Override
    public Phase phase() {
        return Phase.CONNECT;
    }

    @Override
    public List<Module> modules() {
        return outbox ? List.of(new JdbcModule(dataSource), new OutboxModule()) : List.of(new JdbcModule(dataSource));
    }

    /** Reports a {@code jdbc.url} that no JDBC driver on the classpath accepts. */
    @Override
    public void validate(final Validation validation) {
        validation
                .configuration(JdbcConfiguration.class)
                .ifPresent(configuration -> validation.reject(JdbcTarget.problems(configuration)));
        if (outbox) {
            validation
                    .configuration(OutboxStoreConfiguration.class)
                    .filter(JdbcPlugin::logStore)
                    .ifPresent(settings -> {
                        LogOutboxes.slotProblems(settings.log().slot())
                                .ifPresent(problem -> validation.reject("outbox.log.slot", problem));
                        validation
                                .configuration(JdbcConfiguration.class)
                                .map(JdbcTarget::of)
                                .filter(target -> !target.url().startsWith(POSTGRESQL_URL))
                                .ifPresent(target -> validation.reject(
                                        "outbox.mode",
                                        "table where jdbc.url is not PostgreSQL (" + target.describe()
                                                + "): the log store reads PostgreSQL's write-ahead log; set"
                                                + " outbox.mode=table, or jdbc.url to a PostgreSQL database"));
                    });
        }
    }

    private static boolean logStore(final OutboxStoreConfiguration settings) {
        return settings.mode() == OutboxStoreConfiguration.Mode.LOG;
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return outbox
                ? List.of(
                        JdbcConfiguration.class,
                        OutboxConfiguration.class,
                        OutboxStoreConfiguration.class,
                        InboxConfiguration.class)
                : List.of(JdbcConfiguration.class);
    }

    /** Connects and migrates on a virtual thread; the future completes when the pool is ready. */
    @Override
    public Future<Void> start(final PluginContext context) {
        final JdbcConfiguration configuration = context.instance(JdbcConfiguration.class);
        final MeterRegistry registry = context.instance(MeterRegistry.class);
        final ClassLoader loader = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                .orElse(JdbcPlugin.class.getClassLoader());
        final CoreConfiguration core = context.instance(CoreConfiguration.class);
        final Optional<OutboxStoreConfiguration> logOutbox = outbox
                ? Optional.of(context.instance(OutboxStoreConfiguration.class)).filter(JdbcPlugin::logStore)
                : Optional.empty();
        return Blocking.call("jzenith-jdbc-start", () -> {
            open(configuration, registry, loader, core, logOutbox);
            return null;
        });
    }

    /** Closes the pool on a virtual thread; in-flight calls get their connections closed. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        return dataSource
                .stop()
                .map(pool -> Blocking.<Void>call("jzenith-jdbc-stop", () -> {
                    pool.close();
                    return null;
                }))
                .orElseGet(Future::succeededFuture);
    }

    private void open(
            final JdbcConfiguration configuration,
            final MeterRegistry registry,
            final ClassLoader loader,
            final CoreConfiguration core,
            final Optional<OutboxStoreConfiguration> logOutbox) {
        final JdbcTarget target = JdbcTarget.of(configuration);
        target.embeddedDirectory().ifPresent(JdbcPlugin::createDirectory);
        final HikariDataSource pool = firstConnection(target, configuration, registry, core);
        try {
            final String product = product(pool, target);
            // Before any migration: a server that cannot carry the log outbox is refused with nothing created.
            final String logSummary = logOutbox
                    .map(settings -> "; log outbox: "
                            + LogOutboxes.prepare(pool, settings.log().slot(), target.describe()))
                    .orElse("");
            final Migrations migrations = Migrations.of(name(), target.describe(), target::mask);
            final Optional<MigrateResult> migrated = configuration.migrate()
                    ? Optional.of(migrations.apply(loader, flyway -> flyway.dataSource(pool)))
                    : Optional.empty();
            final String outboxSummary =
                    (outbox ? "; " + migrateOutbox(pool, target, product, loader) : "") + logSummary;
            dataSource.start(pool, target, product);
            final String summary = "; " + migrations.summary(migrated) + outboxSummary;
            if (target.embedded()) {
                LOG.info(
                        "Using the embedded H2 database ({}); its data lives in {} (set jdbc.url to use another"
                                + " database){}",
                        product,
                        target.embeddedDirectory().get(),
                        summary);
            } else {
                LOG.info(
                        "Connected to {} at {} with a pool of {} connections{}",
                        product,
                        target.displayUrl(),
                        poolSize(configuration, target),
                        summary);
            }
        } catch (final RuntimeException | Error e) {
            pool.close();
            throw e;
        }
    }

    /**
     * Applies the outbox's migrations for the database {@code product} names, with their own history
     * table, so that they never mix with the application's versions; a schema that has tables already
     * is taken as version 0 (baseline), so V1 still runs.
     */
    private static String migrateOutbox(
            final HikariDataSource pool, final JdbcTarget target, final String product, final ClassLoader loader) {
        final String vendor = outboxVendor(product)
                .orElseThrow(() -> new IllegalStateException("JdbcPlugin.withOutbox() supports H2, PostgreSQL and"
                        + " MariaDB/MySQL, not " + product + " at " + target.describe()
                        + "; use JdbcPlugin.create() without the outbox"));
        final MigrateResult result =
                migrateOutbox(pool, vendor, Migrations.of("jdbc", target.describe(), target::mask), loader);
        return OutboxMigrations.summary(result, vendor);
    }

    /** Applies the outbox's migrations of {@code vendor} ({@link #outboxVendor}) to {@code database}. */
    static MigrateResult migrateOutbox(
            final DataSource database, final String vendor, final Migrations migrations, final ClassLoader loader) {
        return OutboxMigrations.apply(migrations, loader, vendor, flyway -> flyway.dataSource(database));
    }

    /** The folder of the outbox's migrations for the database {@code product} names; empty when there is none. */
    static Optional<String> outboxVendor(final String product) {
        return OutboxMigrations.vendor(product);
    }

    private static void createDirectory(final Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (final IOException e) {
            throw new IllegalStateException(
                    "cannot create the embedded database's folder jdbc.embedded.directory=" + directory + ": " + e
                            + "; set jdbc.embedded.directory to a writable folder, or jdbc.url to another database",
                    e);
        }
    }

    /** The pool, once its first connection was made; see {@link FirstConnection}. */
    private HikariDataSource firstConnection(
            final JdbcTarget target,
            final JdbcConfiguration configuration,
            final MeterRegistry registry,
            final CoreConfiguration core) {
        try {
            return FirstConnection.within(core, target.describe(), JdbcPlugin::isNotNow, LOG)
                    .masking(target::mask)
                    .attemptBlocking(() -> connect(target, configuration, registry));
        } catch (final RuntimeException e) {
            throw e;
        } catch (final Exception e) {
            throw new IllegalStateException(connectFailure(target, e), e);
        }
    }

    /**
     * Whether a failed first connection says "not now": the driver or the pool timed out, or the
     * server is starting (57P03) or out of connection slots (PostgreSQL's 53300, MariaDB's and MySQL's
     * error 1040, "Too many connections").
     */
    static boolean isNotNow(final Throwable failure) {
        return FirstConnection.anyCause(failure, cause -> switch (cause) {
            case SocketTimeoutException timeout -> true;
            case SQLTransientConnectionException timeout -> true;
            case SQLException refused ->
                NOT_NOW_STATES.contains(String.valueOf(refused.getSQLState()))
                        || refused.getErrorCode() == TOO_MANY_CONNECTIONS
                        || String.valueOf(refused.getMessage()).startsWith(PGJDBC_LOGIN_TIMED_OUT);
            default -> false;
        });
    }

    private HikariDataSource connect(
            final JdbcTarget target, final JdbcConfiguration configuration, final MeterRegistry registry) {
        final HikariConfig config = new HikariConfig();
        config.setPoolName(POOL_NAME);
        config.setJdbcUrl(target.url());
        target.username().ifPresent(config::setUsername);
        target.password().ifPresent(config::setPassword);
        config.setMaximumPoolSize(poolSize(configuration, target));
        final long connectionTimeout = configuration.connectionTimeout().toMillis();
        config.setConnectionTimeout(connectionTimeout);
        config.setValidationTimeout(Math.max(
                MIN_VALIDATION_TIMEOUT.toMillis(), Math.min(MAX_VALIDATION_TIMEOUT.toMillis(), connectionTimeout / 2)));
        // Fail at start-up, with the driver's reason, when the database cannot be reached.
        config.setInitializationFailTimeout(1);
        // Hikari bounds a caller's wait for a connection, not the driver's own log-in: PgJDBC waits
        // for a server that accepted the socket but does not answer (a loaded one) without end.
        if (target.url().startsWith(POSTGRESQL_URL) && !target.url().contains(LOGIN_TIMEOUT + "=")) {
            // A String: PgJDBC reads its properties with getProperty, which ignores other types.
            config.addDataSourceProperty(LOGIN_TIMEOUT, String.valueOf(Math.max(1, (connectionTimeout + 999) / 1000)));
        }
        config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
        config.setExceptionOverride(brokenConnections);
        try {
            final HikariDataSource pool = new HikariDataSource(config);
            brokenConnections.attach(pool);
            return pool;
        } catch (final RuntimeException e) {
            throw new IllegalStateException(connectFailure(target, e), e);
        }
    }

    /** The pool's size: as configured, else 4 connections for the embedded database and 10 for a server. */
    static int poolSize(final JdbcConfiguration configuration, final JdbcTarget target) {
        return configuration.pool().size().orElse(target.embedded() ? 4 : 10);
    }

    private static String connectFailure(final JdbcTarget target, final Exception e) {
        // Hikari wraps the driver's failure; the driver's reason is the one that helps.
        final Throwable reason =
                e.getCause() != null && e.getClass().getName().startsWith("com.zaxxer.hikari.") ? e.getCause() : e;
        return "cannot connect to " + target.describe() + ": " + target.mask(Failures.describe(reason))
                + "; check that the database runs and jdbc.url, jdbc.username, jdbc.password are right";
    }

    private static String product(final HikariDataSource pool, final JdbcTarget target) {
        try (Connection connection = pool.getConnection()) {
            final DatabaseMetaData metadata = connection.getMetaData();
            return metadata.getDatabaseProductName() + " " + metadata.getDatabaseProductVersion();
        } catch (final SQLException e) {
            throw new IllegalStateException(
                    "cannot connect to " + target.describe() + ": " + target.mask(Failures.describe(e)), e);
        }
    }
}
