package org.jzenith.redis;

/**
 * A command failed because Redis cannot be reached or cannot answer now: the connection failed or
 * was lost, the command was not answered within {@code redis.command-timeout}, too many commands
 * wait for a connection, the server is loading its data, or the plugin is not running. The REST
 * plugin answers it with 503 Service Unavailable; the request may succeed when Redis is back.
 *
 * <p>The message says what happened in words fit for a client; the cause, when there is one, is
 * the Vert.x client's own failure.
 */
public final class RedisUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RedisUnavailableException(final String reason) {
        super("Redis is unavailable: " + reason);
    }

    RedisUnavailableException(final String reason, final Throwable cause) {
        super("Redis is unavailable: " + reason, cause);
    }
}
