package org.jzenith.redis;

import io.netty.channel.ConnectTimeoutException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.redis.client.Response;
import io.vertx.redis.client.ResponseType;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * Which failures of the Vert.x Redis client mean "Redis is away for now", found by cutting a proxy
 * in front of a real server, stopping and restarting one, and filling the pool:
 *
 * <ul>
 *   <li>the server is down: a {@link ConnectException} ("Connection refused"; Netty's {@code
 *       ConnectTimeoutException} when it does not answer; the client's own {@code
 *       RedisConnectException}), or {@link UnknownHostException} while its name does not resolve;
 *   <li>the connection breaks under a command: an {@link IOException} ("Connection reset by peer",
 *       as a {@link java.net.SocketException}, Netty's native {@code NativeIoException} or a {@link
 *       java.nio.channels.ClosedChannelException}), the client's "Connection is closed", or the
 *       error reply {@code CONNECTION_CLOSED} the client gives the commands still waiting when the
 *       server ends the connection (seen when a Sentinel-managed primary was killed);
 *   <li>no answer in time: {@link TimeoutException}, when {@code redis.command-timeout} passed;
 *   <li>too much waiting: {@link ConnectionPoolTooBusyException} when {@code redis.pool.max-waiting}
 *       commands wait for a connection already, or "Redis waiting queue is full" when {@code
 *       redis.max-waiting-handlers} answers are awaited on one connection;
 *   <li>the server cannot serve now: an error reply {@code LOADING}, {@code MASTERDOWN}, {@code
 *       CLUSTERDOWN} or {@code TRYAGAIN}.
 * </ul>
 *
 * <p>Other failures (an error reply such as {@code WRONGTYPE}, a bad argument) are the
 * application's and pass unchanged.
 */
final class Unavailable {

    static final String CONNECTION_CLOSED = "Connection is closed";
    static final String WAITING_QUEUE_FULL = "Redis waiting queue is full";
    /** What the client answers the commands still waiting when the server ends their connection. */
    static final String CONNECTION_ENDED = "CONNECTION_CLOSED";

    private static final Set<String> CLIENT_MESSAGES = Set.of(CONNECTION_CLOSED, WAITING_QUEUE_FULL, CONNECTION_ENDED);
    private static final List<String> SERVER_ERRORS = List.of("LOADING", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN");

    private Unavailable() {}

    /** Whether {@code failure} means Redis cannot be reached or cannot answer now. */
    static boolean is(final Throwable failure) {
        return failure instanceof RedisUnavailableException
                || failure instanceof IOException
                || failure instanceof TimeoutException
                || failure instanceof ConnectionPoolTooBusyException
                || CLIENT_MESSAGES.contains(failure.getMessage())
                || isServerUnavailable(failure);
    }

    /**
     * Whether {@code failure} says "not now" rather than "not here": no answer in time (a command or
     * the connection timed out), a full pool, or a server that is loading its data, has no primary or
     * a cluster that is not ready ({@code LOADING}, {@code MASTERDOWN}, {@code CLUSTERDOWN}, {@code
     * TRYAGAIN}). The first connection at start-up is tried again after these ({@link
     * org.jzenith.core.store.FirstConnection}); a refused connection or a wrong password end the start.
     */
    static boolean isNotNow(final Throwable failure) {
        return failure instanceof TimeoutException
                || failure instanceof ConnectTimeoutException
                || failure instanceof ConnectionPoolTooBusyException
                || isServerUnavailable(failure);
    }

    /** {@code failure} as a {@link RedisUnavailableException} when it is one of those, else unchanged. */
    static Throwable translate(final Throwable failure, final RedisTarget target) {
        if (failure instanceof RedisUnavailableException || !is(failure)) {
            return failure;
        }
        return new RedisUnavailableException(reason(failure, target), failure);
    }

    /** What happened, in words fit for a client (no address, no secret). */
    static String reason(final Throwable failure, final RedisTarget target) {
        if (failure instanceof ConnectException || failure instanceof UnknownHostException) {
            return "cannot connect to it";
        }
        if (failure instanceof TimeoutException) {
            return "it did not answer within " + target.commandTimeout().toMillis() + " ms (redis.command-timeout)";
        }
        if (failure instanceof ConnectionPoolTooBusyException) {
            return target.maxWaiting() + " commands wait for a connection already (redis.pool.max-waiting)";
        }
        if (WAITING_QUEUE_FULL.equals(failure.getMessage())) {
            return "too many commands wait for answers on one connection (redis.max-waiting-handlers)";
        }
        if (isServerUnavailable(failure)) {
            return "it cannot serve now (" + firstWord(failure.getMessage()) + ")";
        }
        return "the connection to it was lost";
    }

    private static boolean isServerUnavailable(final Throwable failure) {
        if (!(failure instanceof Response reply) || reply.type() != ResponseType.ERROR) {
            return false;
        }
        final String message = failure.getMessage();
        return message != null && SERVER_ERRORS.contains(firstWord(message));
    }

    private static String firstWord(final String message) {
        final int space = message.indexOf(' ');
        return space < 0 ? message : message.substring(0, space);
    }
}
