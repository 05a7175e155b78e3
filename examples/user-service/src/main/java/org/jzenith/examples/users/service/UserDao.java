package org.jzenith.examples.users.service;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Where users are kept. Asynchronous, so that a reactive store serves it without blocking and a
 * blocking one (JDBC) runs its work on virtual threads; callers either compose the futures or
 * {@code await()} them on a virtual thread.
 */
public interface UserDao {

    Future<User> create(User user);

    Future<Optional<User>> find(UUID id);

    Future<Page<User>> list(int offset, int limit);

    /** Replaces the user's name; empty when there is no such user. */
    Future<Optional<User>> rename(UUID id, String name);

    /** Whether a user was deleted. */
    Future<Boolean> delete(UUID id);

    /**
     * Creates {@code user} and runs {@code alsoInTransaction} in the same transaction, before it
     * commits; a failure of either rolls both back. Only stores with transactions offer it.
     */
    default Future<User> create(final User user, final Runnable alsoInTransaction) {
        return Future.failedFuture(new UnsupportedOperationException(
                getClass().getSimpleName() + " has no transactions to publish events in"));
    }

    /**
     * Deletes the user with {@code id} and, when there was one, runs {@code alsoInTransaction} in the
     * same transaction; whether a user was deleted.
     */
    default Future<Boolean> delete(final UUID id, final Runnable alsoInTransaction) {
        return Future.failedFuture(new UnsupportedOperationException(
                getClass().getSimpleName() + " has no transactions to publish events in"));
    }

    /**
     * Creates {@code user} in a reactive transaction and, before it commits, composes {@code
     * alsoInTransaction} on that transaction's connection; a failure of either rolls both back. Only
     * reactive stores with transactions offer it.
     */
    default Future<User> create(final User user, final Function<SqlConnection, Future<Void>> alsoInTransaction) {
        return Future.failedFuture(new UnsupportedOperationException(
                getClass().getSimpleName() + " has no reactive transactions to publish events in"));
    }

    /**
     * Deletes the user with {@code id} in a reactive transaction and, when there was one, composes
     * {@code alsoInTransaction} on its connection before it commits; whether a user was deleted.
     */
    default Future<Boolean> delete(final UUID id, final Function<SqlConnection, Future<Void>> alsoInTransaction) {
        return Future.failedFuture(new UnsupportedOperationException(
                getClass().getSimpleName() + " has no reactive transactions to publish events in"));
    }
}
