package org.jzenith.cassandra;

import org.jzenith.core.store.StoreUnavailableException;

/**
 * A statement failed because Cassandra cannot be reached or cannot answer now: no node of the local
 * data centre could be reached, too few replicas are up for the consistency level, a node did not
 * answer within {@code cassandra.request-timeout}, a node is overloaded or starting, or the plugin is
 * not running. The REST plugin answers it, as every {@link StoreUnavailableException}, with 503
 * Service Unavailable and {@code Retry-After}; the request may succeed when Cassandra is back.
 *
 * <p>A write that timed out may still have been applied on some replicas: Cassandra does not say.
 * The message says what happened in words fit for a client; the cause is the driver's own failure.
 */
public final class CassandraUnavailableException extends StoreUnavailableException {

    private static final long serialVersionUID = 1L;

    CassandraUnavailableException(final String reason) {
        super("cassandra", reason);
    }

    CassandraUnavailableException(final String reason, final Throwable cause) {
        super("cassandra", reason, cause);
    }
}
