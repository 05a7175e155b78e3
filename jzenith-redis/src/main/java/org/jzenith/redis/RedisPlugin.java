package org.jzenith.redis;

import com.google.inject.Module;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.store.DevServiceLifecycle;
import org.jzenith.core.store.FirstConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application Redis: the Vert.x Redis client ({@link Redis} and {@link
 * io.vertx.redis.client.RedisAPI} to inject) on a connection pool, a typed base for JSON values
 * ({@link RedisJsonDao}), a readiness check and client metrics. Standalone by default; sentinel,
 * cluster and replication setups by {@code redis.type} and a list of connection strings.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RedisPlugin.create(),                          // connects before REST opens
 *                     RestPlugin.withResources(SessionResource.class))
 *        .withConfiguration("redis.connection-string", "redis://cache:6379")
 *        .run();
 *
 * public final class SessionDao extends RedisJsonDao<Session> {
 *     @Inject
 *     SessionDao(final Redis redis) {
 *         super(redis, new ObjectMapper(), Session.class, "session:");
 *     }
 * }
 *
 * sessions.set(id, session, Duration.ofMinutes(30));        // Future<Void>
 * sessions.get(id);                                         // Future<Optional<Session>>
 * }</pre>
 *
 * <p>Configure it under {@code redis.} ({@link RedisConfiguration}). Everything returns a Vert.x
 * {@code Future}: compose it on the event loop, or {@code await()} it on a virtual thread.
 *
 * <p>Every command through the injected client is bounded by {@code redis.command-timeout}. When
 * Redis is away, commands fail within that time with a {@link RedisUnavailableException}, which the
 * REST plugin answers with 503; the {@code redis} health check ({@link RedisHealthCheck}) is DOWN;
 * both recover on their own when Redis returns, as the pool opens new connections.
 *
 * <p>The settings are checked before anything starts, with every other configuration problem; the
 * plugin connects in the {@link Phase#CONNECT} phase; a first command that times out or finds the
 * server loading or without its primary is tried again with a growing pause for up to half of
 * {@code jzenith.start-timeout} ({@link FirstConnection}). If Redis cannot be reached at start-up, the
 * start fails with a message naming {@code redis.connection-string} (its password masked) and the
 * reason. Metrics: {@code vertx_redis_processing_time_seconds} and {@code
 * vertx_redis_processing_pending} for the commands sent through the injected client, {@code
 * vertx_pool_*{pool_type="redis",pool_name="redis"}} for the pool. Stopping closes the client.
 *
 * <p><b>TLS.</b> Servers named {@code rediss://} are reached with TLS, every connection of every
 * mode (the sentinels and the primary they name, every cluster node): the server's certificate must
 * be signed by an authority in {@code redis.tls.trust-certificates} (unset: the JVM's trust store) and
 * name the host or IP address it is reached by, unless {@code redis.tls.hostname-verification=false};
 * {@code redis.tls.certificate} and {@code redis.tls.private-key} give a client certificate to servers
 * that ask for one. A server whose certificate does not pass stops the start with the reason.
 *
 * <p><b>Dev service.</b> In the {@code dev} and {@code test} profiles, without {@code
 * redis.connection-string}, the plugin starts the machine's installed {@code redis-server} on a free
 * port (with {@code redis.password} as its password), its data under {@code
 * jzenith.dev-services.directory}, and stops it after the client has closed; when none is
 * installed, start-up says what to install ({@code apt-get install redis-server}, {@code brew
 * install redis}) or set. Never in other profiles.
 *
 * <pre>{@code
 * JZenith.application(args).withPlugins(RedisPlugin.create()).run();
 * // --jzenith.profile=dev: "Dev service (dev profile): started redis-server (/usr/bin/redis-server)
 * //                         at 127.0.0.1:38207, its data in .../target/dev-services/redis"
 * }</pre>
 *
 * <p>{@link #start} and {@link #stop} are called by the application's lifecycle thread and do not
 * block. The injected client is thread-safe; a command sent before the plugin started or after it
 * stopped fails like one while Redis is away.
 */
public final class RedisPlugin implements Plugin {

    private static final Logger LOG = LoggerFactory.getLogger(RedisPlugin.class);
    private static final String VERSION_FIELD = "redis_version:";
    private static final String TLS_HINT = "; for TLS, that the server's certificate is signed by an authority in"
            + " redis.tls.trust-certificates (unset: the JVM's trust store) and names the host or IP address that"
            + " redis.connection-string (or the sentinels, or the cluster) names it by, which"
            + " redis.tls.hostname-verification checks";

    private final PluginRedis redis = new PluginRedis();
    private final DevServiceLifecycle<RedisDevService.Running> devService =
            DevServiceLifecycle.loggingAs(RedisPlugin.class);

    private RedisPlugin() {}

    /** The Redis plugin, configured under {@code redis.}. */
    public static RedisPlugin create() {
        return new RedisPlugin();
    }

    @Override
    public String name() {
        return "redis";
    }

    /** Connects before the plugins that serve from it. */
    @Override
    public Phase phase() {
        return Phase.CONNECT;
    }

    @Override
    public List<Module> modules() {
        return List.of(new RedisModule(redis));
    }

    /** Reports connection strings that cannot be read, and several servers for a standalone client. */
    @Override
    public void validate(final Validation validation) {
        validation.configuration(RedisConfiguration.class).ifPresent(configuration -> {
            validation.reject(RedisTarget.problems(configuration));
            validation
                    .configuration(CoreConfiguration.class)
                    .flatMap(core -> RedisDevService.of(core, configuration))
                    .filter(dev -> dev.program().isEmpty())
                    .ifPresent(dev -> validation.reject(RedisTarget.CONNECTION_STRING, dev.missingProgram()));
        });
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(RedisConfiguration.class);
    }

    /**
     * Creates the client, then asks the server {@code PING} and its version, each bounded by {@code
     * redis.command-timeout}; the future completes when Redis has answered.
     */
    @Override
    public Future<Void> start(final PluginContext context) {
        final RedisConfiguration configuration = context.instance(RedisConfiguration.class);
        final Optional<RedisDevService> wanted =
                RedisDevService.of(context.instance(CoreConfiguration.class), configuration);
        return devService.start(
                context.vertx(),
                wanted.map(dev -> () -> dev.start(configuration.password().filter(p -> !p.isEmpty()))),
                running -> connect(context, configuration, running.map(RedisDevService.Running::connectionString)));
    }

    private Future<Void> connect(
            final PluginContext context,
            final RedisConfiguration configuration,
            final Optional<String> devConnectionString) {
        final RedisTarget target;
        final Redis client;
        try {
            target = devConnectionString
                    .map(connectionString -> RedisTarget.of(configuration, connectionString))
                    .orElseGet(() -> RedisTarget.of(configuration));
            client = Redis.createClient(context.vertx(), target.options());
        } catch (final RuntimeException e) {
            return Future.failedFuture(e);
        }
        final RedisCommandMetrics metrics = new RedisCommandMetrics(context.instance(MeterRegistry.class));
        redis.start(new PluginRedis.Running(client, target, "", metrics));
        final FirstConnection first = FirstConnection.within(
                        context.instance(CoreConfiguration.class),
                        "Redis at " + target.describe(),
                        Unavailable::isNotNow,
                        LOG)
                .masking(target::mask);
        return first.attempt(context.vertx(), () -> redis.send(Request.cmd(Command.PING))
                        .compose(pong -> redis.send(Request.cmd(Command.INFO).arg("server"))))
                .map(RedisPlugin::version)
                .<Void>map(version -> {
                    redis.start(new PluginRedis.Running(client, target, version, metrics));
                    LOG.info(
                            "Connected to Redis {} at {} ({}{}) with a pool of {} connections",
                            version.isEmpty() ? "(version unknown)" : version,
                            target.displayEndpoints(),
                            target.type().name().toLowerCase(Locale.ROOT),
                            target.tls().map(tls -> ", " + tls.describe()).orElse(""),
                            target.poolSize());
                    return null;
                })
                .recover(failure -> {
                    redis.stop();
                    return close(client)
                            .transform(ignored -> handshakeDetail(context.vertx(), target, failure))
                            .transform(detail -> Future.failedFuture(
                                    new IllegalStateException("cannot connect to " + target.describe() + ": "
                                            + target.mask(Failures.describe(failure) + detail.result())
                                            + "; check that Redis runs and that redis.connection-string,"
                                            + " redis.type and redis.password are right"
                                            + (target.tls().isPresent() ? TLS_HINT : ""))));
                });
    }

    /** Closes the client; commands in flight fail. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        return redis.stop()
                .map(running -> close(running.client()))
                .orElseGet(Future::succeededFuture)
                .transform(closed -> devService.stop(context.vertx()));
    }

    /** The dev service's {@code redis-server} process while it runs, for tests that check it has gone. */
    Optional<Long> devServicePid() {
        return devService.pid();
    }

    /**
     * Why a TLS handshake failed, for Sentinel and Cluster: their clients keep only the first line of
     * each server's failure ("Failed to create SSL connection"), not its cause (such as a certificate
     * that names another host). So the first server is asked once more, alone, and its full reason is
     * returned as {@code " (alone, rediss://...: reason)"}; empty when it is not such a failure or the
     * server accepts the handshake alone. Never fails.
     */
    private static Future<String> handshakeDetail(
            final Vertx vertx, final RedisTarget target, final Throwable failure) {
        if (target.tls().isEmpty()
                || target.type() == RedisClientType.STANDALONE
                || !Failures.describe(failure).contains("SSL")) {
            return Future.succeededFuture("");
        }
        final Redis alone;
        try {
            alone = Redis.createClient(vertx, target.firstServerAlone());
        } catch (final RuntimeException e) {
            return Future.succeededFuture("");
        }
        return alone.connect()
                .timeout(target.commandTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .compose(
                        connection -> connection.close().transform(closed -> Future.succeededFuture("")),
                        reason -> Future.succeededFuture(
                                " (alone, " + target.endpoints().getFirst() + ": " + Failures.describe(reason) + ")"))
                .eventually(() -> close(alone));
    }

    private static Future<Void> close(final Redis client) {
        return client.close().recover(failure -> {
            LOG.debug("Closing the Redis client failed", failure);
            return Future.succeededFuture();
        });
    }

    /** The {@code redis_version} of an {@code INFO server} answer, or empty. */
    static String version(final Response info) {
        if (info == null) {
            return "";
        }
        for (final String line : info.toString().split("\r?\n")) {
            if (line.startsWith(VERSION_FIELD)) {
                return line.substring(VERSION_FIELD.length()).strip();
            }
        }
        return "";
    }
}
