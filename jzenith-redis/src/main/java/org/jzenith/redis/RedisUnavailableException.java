package org.jzenith.redis;

import org.jzenith.core.store.StoreUnavailableException;

/**
 * A command failed because Redis cannot be reached or cannot answer now: the connection failed or
 * was lost, the command was not answered within {@code redis.command-timeout}, too many commands
 * wait for a connection, the server is loading its data, or the plugin is not running. The REST
 * plugin answers it, as every {@link StoreUnavailableException}, with 503 Service Unavailable and
 * {@code Retry-After}; the request may succeed when Redis is back.
 *
 * <p>The message says what happened in words fit for a client; the cause, when there is one, is
 * the Vert.x client's own failure.
 */
public final class RedisUnavailableException extends StoreUnavailableException {

    private static final long serialVersionUID = 1L;

    RedisUnavailableException(final String reason) {
        super("redis", reason);
    }

    RedisUnavailableException(final String reason, final Throwable cause) {
        super("redis", reason, cause);
    }
}
