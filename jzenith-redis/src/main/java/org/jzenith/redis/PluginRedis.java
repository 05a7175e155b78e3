package org.jzenith.redis;

import io.vertx.core.Future;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jzenith.core.store.LateBound;

/**
 * The {@link Redis} client the application injects: the plugin's pooled Vert.x client while the
 * plugin runs, with every command bounded by {@code redis.command-timeout} and the failures that
 * mean "Redis is away" turned into a {@link RedisUnavailableException} (HTTP 503). It exists before
 * the Vert.x client does, so that singletons taking a {@code Redis} or {@code RedisAPI} can be
 * created with the injector; a command sent before start or after stop fails like one while Redis
 * is away.
 *
 * <p>Thread-safe: the running client is published through a {@link LateBound}. Commands may be sent
 * from any thread; their futures complete on a Vert.x event loop.
 */
final class PluginRedis implements Redis {

    /** The running client, what it was made from, and the metrics its commands are recorded in. */
    record Running(Redis client, RedisTarget target, String version, RedisCommandMetrics metrics) {}

    private final LateBound<Running> running = LateBound.of("redis");

    /** The running client, while the plugin runs. */
    Optional<Running> running() {
        return running.current();
    }

    /** The failure of a command sent while the plugin does not run. */
    RedisUnavailableException notRunning() {
        return new RedisUnavailableException(running.whyNotRunning());
    }

    void start(final Running started) {
        running.start(started);
    }

    /** Forgets the client and returns it, for the caller to close. */
    Optional<Running> stop() {
        return running.stop();
    }

    @Override
    public Future<Response> send(final Request request) {
        final Optional<Running> current = running.current();
        return current.isEmpty()
                ? Future.failedFuture(notRunning())
                : guard(current.get(), current.get().client().send(request));
    }

    @Override
    public Future<List<Response>> batch(final List<Request> requests) {
        final Optional<Running> current = running.current();
        return current.isEmpty()
                ? Future.failedFuture(notRunning())
                : guard(current.get(), current.get().client().batch(requests));
    }

    /**
     * A connection of its own, for commands that must share one (such as {@code WATCH} and {@code
     * MULTI}, or subscriptions); close it to give it back to the pool. Getting it is bounded and
     * translated like a command, the commands sent on it are not: they are the caller's to bound.
     */
    @Override
    public Future<RedisConnection> connect() {
        final Optional<Running> current = running.current();
        if (current.isEmpty()) {
            return Future.failedFuture(notRunning());
        }
        final Future<RedisConnection> connecting = current.get().client().connect();
        return guard(current.get(), connecting).onFailure(failure -> {
            // Timed out: give the connection back to the pool once it arrives.
            connecting.onSuccess(RedisConnection::close);
        });
    }

    /** The plugin closes its client when the application stops; the application must not. */
    @Override
    public Future<Void> close() {
        return Future.failedFuture(new UnsupportedOperationException(
                "The redis plugin closes its client when the application stops; do not close it yourself"));
    }

    private static <T> Future<T> guard(final Running current, final Future<T> sent) {
        return current.metrics()
                .record(sent.timeout(current.target().commandTimeout().toMillis(), TimeUnit.MILLISECONDS))
                .recover(failure -> Future.failedFuture(Unavailable.translate(failure, current.target())));
    }
}
