package org.jzenith.benchmarks.plain;

import jakarta.inject.Singleton;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jzenith.benchmarks.plain.UserResource.User;

/**
 * The users, in memory. It keeps the newest {@value #CAPACITY}, so that a load test's stream of
 * {@code POST /users} does not fill the heap and turn a throughput figure into a GC figure; raw
 * Vert.x's app keeps its users the same way.
 */
@Singleton
public class Users {

    static final int CAPACITY = 10_000;

    private final Map<UUID, User> users = Collections.synchronizedMap(new LinkedHashMap<>(CAPACITY * 4 / 3 + 1) {
        @Override
        protected boolean removeEldestEntry(final Map.Entry<UUID, User> eldest) {
            return size() > CAPACITY;
        }
    });

    public Optional<User> find(final UUID id) {
        return Optional.ofNullable(users.get(id));
    }

    public User create(final String name) {
        final User user = new User(UUID.randomUUID(), name);
        users.put(user.id(), user);
        return user;
    }
}
