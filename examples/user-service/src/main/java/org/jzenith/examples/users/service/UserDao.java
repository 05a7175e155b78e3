package org.jzenith.examples.users.service;

import io.vertx.core.Future;
import java.util.Optional;
import java.util.UUID;

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
}
