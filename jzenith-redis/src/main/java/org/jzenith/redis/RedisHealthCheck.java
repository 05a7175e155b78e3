package org.jzenith.redis;

import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The health check {@code redis}: UP when Redis answers {@code PING} within {@code
 * redis.command-timeout}, DOWN with the reason otherwise. Both show the {@code type} of setup, the
 * pool's {@code max} connections and the server's {@code version}. It speaks for readiness: a
 * service whose Redis is away gets no traffic, and gets it again when Redis returns.
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"redis","status":"UP",
 *   "data":{"type":"standalone","max":8,"version":"7.0.15"}}]}
 * }</pre>
 *
 * <p>Never blocks; may be called from any thread. Thread-safe.
 */
public final class RedisHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "redis";

    // Beyond the command timeout, for the answer to be reported before the check itself times out.
    private static final Duration MARGIN = Duration.ofSeconds(1);

    private final PluginRedis redis;
    private final Duration commandTimeout;

    @Inject
    RedisHealthCheck(final PluginRedis redis, final RedisConfiguration configuration) {
        this.redis = redis;
        this.commandTimeout = configuration.commandTimeout();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The command timeout, and a margin. */
    @Override
    public Duration timeout() {
        return commandTimeout.plus(MARGIN);
    }

    @Override
    public Future<HealthResult> check() {
        final Optional<PluginRedis.Running> running = redis.running();
        if (running.isEmpty()) {
            return Future.succeededFuture(HealthResult.down("the redis plugin is not running"));
        }
        final PluginRedis.Running current = running.get();
        final Map<String, Object> data = data(current);
        return redis.send(Request.cmd(Command.PING))
                .transform(outcome -> Future.succeededFuture(
                        outcome.succeeded()
                                ? HealthResult.up(data)
                                : HealthResult.down(current.target().mask(Failures.describe(outcome.cause())), data)));
    }

    private static Map<String, Object> data(final PluginRedis.Running running) {
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("type", running.target().type().name().toLowerCase(Locale.ROOT));
        data.put("max", running.target().poolSize());
        if (!running.version().isEmpty()) {
            data.put("version", running.version());
        }
        return data;
    }
}
