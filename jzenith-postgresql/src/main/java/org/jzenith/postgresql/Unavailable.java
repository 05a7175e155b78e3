package org.jzenith.postgresql;

import io.netty.channel.ConnectTimeoutException;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Set;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.store.DataExceptions;

/**
 * Which failures of the reactive client mean "PostgreSQL is away for now", and so HTTP 503. Found
 * by stopping and restarting a real server under load, and by cutting a proxy in front of it:
 *
 * <ul>
 *   <li>the server is down: {@link ConnectException} ("Connection refused"; Netty's {@code
 *       ConnectTimeoutException} when it does not answer, a subclass), or {@link
 *       UnknownHostException} while its name does not resolve;
 *   <li>the server goes down under a running command: {@link ClosedConnectionException}, or a
 *       {@link PgException} with SQLSTATE 57P01 (admin shutdown), 57P02 (crash shutdown), 57P03
 *       (starting up or shutting down), class 08 (connection exception) or 53300 (too many
 *       connections);
 *   <li>a command was sent on a connection that had just closed: a {@link VertxException} "Connection
 *       is not active now, current status: CLOSED", or "Pending requests failed to be sent due to
 *       connection has been closed";
 *   <li>something in between (a proxy, a load balancer) accepts and resets the connection: a
 *       {@link SocketException}, or Netty's native {@code Errors.NativeIoException} ("Connection
 *       reset by peer"), an {@link IOException};
 *   <li>no connection could be had in time: after {@code postgresql.connection-timeout}, the pool's
 *       {@link VertxException} "Timeout waiting for connection" for a single command, and a bare
 *       "Timeout" (Vert.x's {@code NoStackTraceThrowable}, a {@code VertxException}) for a connection
 *       taken for a transaction ({@code pool.withTransaction}, {@code getConnection}), as the outbox
 *       does; or {@link ConnectionPoolTooBusyException} when {@code postgresql.pool.max-waiting}
 *       calls wait already;
 *   <li>the plugin has stopped: the pool's {@link VertxException} "Pool closed".
 * </ul>
 *
 * <p>All of them are declared with {@link ExceptionMapping#unavailable}: 503 with {@code
 * Retry-After}, the one answer every store plugin gives while its store is away.
 */
final class Unavailable {

    /** The message of the pool's exception when a call waited {@code connection-timeout} in vain. */
    static final String POOL_TIMEOUT = "Timeout waiting for connection";

    /**
     * The whole message of the pool's exception when a call for a connection of its own ({@code
     * withTransaction}, {@code getConnection}) waited {@code connection-timeout} in vain.
     */
    static final String ACQUIRE_TIMEOUT = "Timeout";

    // How the client's plain VertxExceptions begin when a connection could not be had or was lost.
    private static final List<String> CONNECTION_UNAVAILABLE = List.of(
            POOL_TIMEOUT,
            "Pool closed",
            "Connection is not active now",
            "Pending requests failed to be sent due to connection has been closed");

    private static final String NETTY_NATIVE_IO_EXCEPTION = "io.netty.channel.unix.Errors$NativeIoException";
    private static final Set<String> SERVER_UNAVAILABLE = Set.of("57P01", "57P02", "57P03", "53300");
    private static final String CONNECTION_EXCEPTION_CLASS = "08";
    private static final Set<String> NOT_NOW = Set.of("57P03", "53300");

    private Unavailable() {}

    /** The mappings the plugin contributes: its outages, and the data errors that are the client's. */
    static List<ExceptionMapping> mappings() {
        return List.of(
                ExceptionMapping.unavailable(ConnectException.class),
                ExceptionMapping.unavailable(UnknownHostException.class),
                ExceptionMapping.unavailable(ClosedConnectionException.class),
                ExceptionMapping.unavailable(ConnectionPoolTooBusyException.class),
                ExceptionMapping.unavailable(SocketException.class),
                ExceptionMapping.unavailable(PgException.class, Unavailable::isServerUnavailable),
                ExceptionMapping.unavailable(VertxException.class, Unavailable::isConnectionUnavailable),
                ExceptionMapping.unavailable(IOException.class, Unavailable::isConnectionReset),
                // Not an outage but the client's data (a NUL in a text, a value too long): 400.
                ExceptionMapping.badInput(
                        PgException.class,
                        failure -> DataExceptions.is(failure.getSqlState()),
                        failure -> DataExceptions.describe(failure.getSqlState())));
    }

    /** Whether the server said it cannot serve this connection now. */
    static boolean isServerUnavailable(final PgException failure) {
        final String state = failure.getSqlState();
        return state != null && (state.startsWith(CONNECTION_EXCEPTION_CLASS) || SERVER_UNAVAILABLE.contains(state));
    }

    /** Whether a call waited for a connection from the pool in vain, or its connection had closed. */
    static boolean isConnectionUnavailable(final VertxException failure) {
        final String message = failure.getMessage();
        if (message == null) {
            return false;
        }
        if (message.equals(ACQUIRE_TIMEOUT)) {
            return true;
        }
        for (final String prefix : CONNECTION_UNAVAILABLE) {
            if (message.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code failure} says "not now" rather than "not here": a connection or the pool timed
     * out, or the server is starting up (57P03) or has no connection slot free (53300). The first
     * connection at start-up is tried again after these (see {@link
     * org.jzenith.core.store.FirstConnection}); a refused connection, a wrong password or an unknown
     * database end the start at once.
     */
    static boolean isNotNow(final Throwable failure) {
        return switch (failure) {
            case ConnectTimeoutException timeout -> true;
            case ConnectionPoolTooBusyException busy -> true;
            case PgException refused -> NOT_NOW.contains(String.valueOf(refused.getSqlState()));
            case VertxException pool ->
                POOL_TIMEOUT.equals(pool.getMessage()) || ACQUIRE_TIMEOUT.equals(pool.getMessage());
            default -> false;
        };
    }

    /** Whether Netty's native transport saw the connection reset or broken. */
    static boolean isConnectionReset(final IOException failure) {
        return failure.getClass().getName().equals(NETTY_NATIVE_IO_EXCEPTION);
    }
}
