package org.jzenith.redis;

import io.vertx.core.Future;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@link Redis} client the application injects: the plugin's pooled Vert.x client while the
 * plugin runs, with every command bounded by {@code redis.command-timeout} and the failures that
 * mean "Redis is away" turned into a {@link RedisUnavailableException} (HTTP 503). It exists before
 * the Vert.x client does, so that singletons taking a {@code Redis} or {@code RedisAPI} can be
 * created with the injector; a command sent before start or after stop fails like one while Redis
 * is away.
 *
 * <p>Thread-safe: the running client is published through a volatile field. Commands may be sent
 * from any thread; their futures complete on a Vert.x event loop.
 */
final class PluginRedis implements Redis {

    /** The running client and what it was made from. */
    record Running(Redis client, RedisTarget target, String version) {}

    private volatile Running running;
    private volatile String state = "the redis plugin has not started yet";

    /** The running client, while the plugin runs. */
    Optional<Running> running() {
        return Optional.ofNullable(running);
    }

    void start(final Running started) {
        running = started;
    }

    /** Forgets the client and returns it, for the caller to close. */
    Optional<Running> stop() {
        final Running stopped = running;
        state = "the redis plugin has stopped";
        running = null;
        return Optional.ofNullable(stopped);
    }

    @Override
    public Future<Response> send(final Request request) {
        final Running current = running;
        if (current == null) {
            return Future.failedFuture(new RedisUnavailableException(state));
        }
        return guard(current, current.client().send(request));
    }

    @Override
    public Future<List<Response>> batch(final List<Request> requests) {
        final Running current = running;
        if (current == null) {
            return Future.failedFuture(new RedisUnavailableException(state));
        }
        return guard(current, current.client().batch(requests));
    }

    /**
     * A connection of its own, for commands that must share one (such as {@code WATCH} and {@code
     * MULTI}, or subscriptions); close it to give it back to the pool. Getting it is bounded and
     * translated like a command, the commands sent on it are not: they are the caller's to bound.
     */
    @Override
    public Future<RedisConnection> connect() {
        final Running current = running;
        if (current == null) {
            return Future.failedFuture(new RedisUnavailableException(state));
        }
        final Future<RedisConnection> connecting = current.client().connect();
        return guard(current, connecting).onFailure(failure -> {
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
        return sent.timeout(current.target().commandTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .recover(failure -> Future.failedFuture(Unavailable.translate(failure, current.target())));
    }
}
