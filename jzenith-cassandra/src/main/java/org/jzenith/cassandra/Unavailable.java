package org.jzenith.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.BootstrappingException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.jzenith.core.store.FirstConnection;

/**
 * Which failures of the Cassandra driver mean "Cassandra is away for now", found by killing and
 * restarting a real node under load:
 *
 * <ul>
 *   <li>no node could take the statement: {@link AllNodesFailedException} (its {@code
 *       NoNodeAvailableException} while every node is down and being reconnected to);
 *   <li>the connection broke under it: {@link ClosedConnectionException}, {@link HeartbeatException},
 *       an {@link IOException};
 *   <li>no answer in time: {@link DriverTimeoutException} ({@code cassandra.request-timeout}), a
 *       {@link TimeoutException}, or the coordinator's own read or write timeout ({@link
 *       QueryConsistencyException}: too few replicas answered in time);
 *   <li>too few replicas are up for the consistency level: {@link UnavailableException};
 *   <li>the cluster cannot take more now: {@link OverloadedException}, {@link BootstrappingException},
 *       {@link BusyConnectionException}, {@link RequestThrottlingException}.
 * </ul>
 *
 * <p>Other failures (a syntax error, an unknown table, an invalid value) are the application's and
 * pass unchanged.
 */
final class Unavailable {

    private Unavailable() {}

    /** Whether {@code failure} means Cassandra cannot be reached or cannot answer now. */
    static boolean is(final Throwable failure) {
        final Throwable cause = unwrap(failure);
        return cause instanceof CassandraUnavailableException
                || cause instanceof AllNodesFailedException
                || cause instanceof ClosedConnectionException
                || cause instanceof HeartbeatException
                || cause instanceof IOException
                || cause instanceof DriverTimeoutException
                || cause instanceof TimeoutException
                || cause instanceof QueryConsistencyException
                || cause instanceof UnavailableException
                || cause instanceof OverloadedException
                || cause instanceof BootstrappingException
                || cause instanceof BusyConnectionException
                || cause instanceof RequestThrottlingException;
    }

    /**
     * Whether {@code failure} says "not now" rather than "not here": a timeout, a node that is starting
     * or overloaded, too few replicas up yet. The first connection at start-up is tried again after
     * these ({@link FirstConnection}); nothing listening at the contact points ends the start.
     */
    static boolean isNotNow(final Throwable failure) {
        final Throwable cause = unwrap(failure);
        return cause instanceof DriverTimeoutException
                || cause instanceof TimeoutException
                || cause instanceof QueryConsistencyException
                || cause instanceof UnavailableException
                || cause instanceof OverloadedException
                || cause instanceof BootstrappingException;
    }

    /** {@code failure} as a {@link CassandraUnavailableException} when it is one of those, else its cause. */
    static Throwable translate(final Throwable failure, final CassandraTarget target) {
        final Throwable cause = unwrap(failure);
        if (cause instanceof CassandraUnavailableException || !is(cause)) {
            return cause;
        }
        return new CassandraUnavailableException(reason(cause, target), cause);
    }

    /** What happened, in words fit for a client (no address, no secret, no type name). */
    static String reason(final Throwable failure, final CassandraTarget target) {
        if (failure instanceof AllNodesFailedException) {
            return "no node could be reached";
        }
        if (failure instanceof DriverTimeoutException || failure instanceof TimeoutException) {
            return "it did not answer within " + target.requestTimeout().toMillis() + " ms (cassandra.request-timeout)";
        }
        if (failure instanceof UnavailableException) {
            return "too few replicas are up for the consistency level";
        }
        if (failure instanceof QueryConsistencyException) {
            return "too few replicas answered in time for the consistency level";
        }
        if (failure instanceof OverloadedException
                || failure instanceof BusyConnectionException
                || failure instanceof RequestThrottlingException) {
            return "it is overloaded";
        }
        if (failure instanceof BootstrappingException) {
            return "its node is starting";
        }
        return "the connection to it was lost";
    }

    /** The failure inside a {@link CompletionException} or {@link ExecutionException}, as futures wrap it. */
    static Throwable unwrap(final Throwable failure) {
        Throwable current = failure;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
