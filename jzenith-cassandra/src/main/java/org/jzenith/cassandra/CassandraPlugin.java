package org.jzenith.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.InvalidKeyspaceException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.google.inject.Module;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.cassandra.server.CassandraNode;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.spi.tracing.Tracing;
import org.jzenith.core.store.DevServiceLifecycle;
import org.jzenith.core.store.FirstConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application Apache Cassandra: the Java driver 4's session behind a {@link
 * CassandraClient} to inject (Vert.x {@code Future}, {@code CompletionStage} and blocking calls), CQL
 * migrations applied at start-up, a readiness check, statement metrics and a span per statement.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(CassandraPlugin.create()
 *                                    .withMigrations("db/cassandra/V1__create_users.cql"),
 *                     RestPlugin.withResources(UserResource.class))
 *        .withConfiguration("cassandra.contact-points", "db1:9042,db2:9042")
 *        .withConfiguration("cassandra.local-datacenter", "dc1")
 *        .withConfiguration("cassandra.keyspace", "users")
 *        .run();
 *
 * cassandra.execute("SELECT name FROM users WHERE id = ?", id);   // Future<AsyncResultSet>
 * }</pre>
 *
 * <p>Configure it under {@code cassandra.} ({@link CassandraConfiguration}); the settings are checked
 * before anything starts, with every other configuration problem. The plugin connects in the {@link
 * Phase#CONNECT} phase, on a virtual thread: it creates the keyspace when {@code
 * cassandra.keyspace-replication} says how, opens the session in the keyspace (a first connection
 * that times out or finds a node starting is tried again for up to half of {@code
 * jzenith.start-timeout}, {@link FirstConnection}), then applies the migrations named here that are
 * not applied yet ({@link CqlMigrations}: recorded in {@code jzenith_schema_history}; a changed applied
 * file stops the start). Migrations are named in code, in any order: no class path is scanned.
 *
 * <p>When Cassandra is away, statements fail within {@code cassandra.request-timeout} with a {@link
 * CassandraUnavailableException}, which the REST plugin answers with 503 and {@code Retry-After}; the
 * {@code cassandra} health check ({@link CassandraHealthCheck}) is DOWN; both recover on their own as
 * the driver reconnects (every 200 ms at first, then every 2 s). Metrics: {@code
 * cassandra_statements_seconds{kind,outcome}} and {@code cassandra_statements_pending}.
 *
 * <p><b>Dev service.</b> In the {@code dev} and {@code test} profiles, without {@code
 * cassandra.contact-points}, the plugin starts a Cassandra {@value
 * org.jzenith.cassandra.server.CassandraServer#VERSION} node of its own (a child JVM on Java 17 or
 * 11, 256 MiB of heap, some seconds to start) on free ports, its data under {@code
 * jzenith.dev-services.directory}, creates the keyspace there with a replication factor of 1, and
 * stops it after the session has closed. Never in other profiles.
 *
 * <p>{@link #start} and {@link #stop} do not block the calling thread.
 */
public final class CassandraPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(CassandraPlugin.class);

    private final CassandraClient client = new CassandraClient();
    private final DevServiceLifecycle<CassandraDevService.Running> devService =
            DevServiceLifecycle.loggingAs(CassandraPlugin.class);
    private final List<String> migrations;

    private CassandraPlugin(final List<String> migrations) {
        this.migrations = List.copyOf(migrations);
    }

    /** The Cassandra plugin, configured under {@code cassandra.}, without migrations. */
    public static CassandraPlugin create() {
        return new CassandraPlugin(List.of());
    }

    /**
     * This plugin, applying also the CQL files at {@code resources} on the class path, each named
     * {@code V<version>__<description>.cql} ({@code db/cassandra/V1__create_users.cql}), in the
     * order of their versions.
     */
    public CassandraPlugin withMigrations(final String... resources) {
        final List<String> all = new ArrayList<>(migrations);
        all.addAll(List.of(resources));
        return new CassandraPlugin(all);
    }

    @Override
    public String name() {
        return "cassandra";
    }

    /** Connects before the plugins that serve from it. */
    @Override
    public Phase phase() {
        return Phase.CONNECT;
    }

    @Override
    public List<Module> modules() {
        return List.of(new CassandraModule(client));
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(CassandraConfiguration.class);
    }

    /** Reports unusable settings, a dev service that cannot start here, and migrations that cannot be read. */
    @Override
    public void validate(final Validation validation) {
        validation.configuration(CassandraConfiguration.class).ifPresent(configuration -> {
            final Optional<CassandraDevService> dev = validation
                    .configuration(CoreConfiguration.class)
                    .flatMap(core -> CassandraDevService.of(core, configuration));
            validation.reject(CassandraTarget.problems(configuration, dev.isPresent()));
            dev.flatMap(CassandraDevService::missing)
                    .ifPresent(missing -> validation.reject(CassandraTarget.CONTACT_POINTS, missing));
        });
        final Map<Integer, String> versions = new HashMap<>();
        for (final String resource : migrations) {
            final Optional<String> problem = CqlMigration.nameProblem(resource, loader());
            if (problem.isPresent()) {
                validation.problem(resource, "CassandraPlugin.withMigrations", problem.get());
                continue;
            }
            final CqlMigration migration = CqlMigration.load(resource, loader());
            final String other = versions.putIfAbsent(migration.version(), resource);
            if (other != null) {
                validation.problem(
                        resource,
                        "CassandraPlugin.withMigrations",
                        "has the version " + migration.version() + " of " + other
                                + " too; give each migration its own");
            }
        }
    }

    /** Starts the dev service if need be, connects, and migrates, on a virtual thread. */
    @Override
    public Future<Void> start(final PluginContext context) {
        final Promise<Void> started = Promise.promise();
        Thread.ofVirtual().name("jzenith-cassandra-start").start(() -> {
            try {
                startNow(context);
                started.complete();
            } catch (final RuntimeException | Error e) {
                // Nothing may be left running, and the start must end, whatever went wrong.
                client.stop().ifPresent(running -> running.session().close());
                devService.stopNow();
                started.fail(e);
            }
        });
        return started.future();
    }

    private void startNow(final PluginContext context) {
        final CassandraConfiguration configuration = context.instance(CassandraConfiguration.class);
        final CoreConfiguration core = context.instance(CoreConfiguration.class);
        final Optional<CassandraDevService.Running> dev =
                CassandraDevService.of(core, configuration).map(wanted -> devService.startNow(wanted::start));
        final CassandraTarget target = dev.map(running ->
                        CassandraTarget.ofDevService(configuration, running.contactPoint(), CassandraNode.DATACENTER))
                .orElseGet(() -> CassandraTarget.of(configuration));
        final FirstConnection first = FirstConnection.within(core, target.describe(), Unavailable::isNotNow, LOG)
                .masking(target::mask);
        final CqlSession session = connect(target, first);
        try {
            final Row local =
                    session.execute("SELECT release_version FROM system.local").one();
            final String version = local == null ? "" : local.getString("release_version");
            final List<CqlMigration> loaded = migrations.stream()
                    .map(resource -> CqlMigration.load(resource, loader()))
                    .toList();
            final int applied = new CqlMigrations(
                            session,
                            target.writeConsistency(),
                            core.startTimeout().dividedBy(2))
                    .apply(loaded);
            final OpenTelemetry openTelemetry = context.instance(OpenTelemetry.class);
            client.start(new CassandraClient.Running(
                    session,
                    target,
                    version,
                    new CassandraMetrics(context.instance(MeterRegistry.class)),
                    Tracing.enabled(openTelemetry)
                            ? Optional.of(new StatementSpans(openTelemetry, target.keyspace()))
                            : Optional.empty()));
            LOG.info(
                    "Connected to Cassandra {} at {} (data centre {}, keyspace {}, reads at {}, writes at {}); {} of"
                            + " {} CQL migrations applied now",
                    version.isEmpty() ? "(version unknown)" : version,
                    target.displayContactPoints(),
                    target.localDatacenter(),
                    target.keyspace(),
                    target.readConsistency().name(),
                    target.writeConsistency().name(),
                    applied,
                    loaded.size());
        } catch (final RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Creates the keyspace when asked to, then opens the session in it; the first connection is tried again. */
    private static CqlSession connect(final CassandraTarget target, final FirstConnection first) {
        try {
            if (target.keyspaceReplication().isPresent()) {
                first.attemptBlocking(() -> {
                    try (CqlSession bare = CassandraSessions.open(target, Optional.empty())) {
                        bare.execute(SimpleStatement.newInstance(
                                        "CREATE KEYSPACE IF NOT EXISTS " + target.keyspace() + " WITH replication = "
                                                + target.keyspaceReplication().get())
                                .setTimeout(CqlMigrations.SCHEMA_TIMEOUT));
                    }
                    return null;
                });
            }
            return first.attemptBlocking(() -> CassandraSessions.open(target, Optional.of(target.keyspace())));
        } catch (final InvalidKeyspaceException e) {
            throw new IllegalStateException(
                    "the keyspace " + target.keyspace() + " does not exist in "
                            + target.describe() + ": create it, or set cassandra.keyspace-replication for the plugin to"
                            + " create it (such as {'class': 'NetworkTopologyStrategy', '" + target.localDatacenter()
                            + "': 3})",
                    e);
        } catch (final Exception e) {
            throw new IllegalStateException(
                    "cannot connect to " + target.describe() + ": "
                            + target.mask(Failures.describe(e))
                            + "; check that Cassandra runs and that cassandra.contact-points, cassandra.local-datacenter"
                            + " and the credentials are right",
                    e);
        }
    }

    /** Closes the session (statements in flight fail), then stops the dev service's node. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        return client.stop()
                .map(running -> Future.fromCompletionStage(running.session().closeAsync())
                        .<Void>mapEmpty()
                        .recover(failure -> {
                            LOG.debug("Closing the Cassandra session failed", failure);
                            return Future.succeededFuture();
                        }))
                .orElseGet(Future::succeededFuture)
                .transform(closed -> devService.stop(context.vertx()));
    }

    /** The dev service's node while it runs, for tests that check it has gone. */
    Optional<Long> devServicePid() {
        return devService.pid();
    }

    private static ClassLoader loader() {
        return CassandraPlugin.class.getClassLoader();
    }
}
