package org.jzenith.docs.users;

import jakarta.inject.Singleton;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** In memory: the snippets are about wiring, not storage. */
@Singleton
public class UserService {

    private final Map<UUID, User> users = new ConcurrentHashMap<>();

    public Optional<User> find(final UUID id) {
        return Optional.ofNullable(users.get(id));
    }

    public User create(final String name) {
        final User user = new User(UUID.randomUUID(), name);
        users.put(user.id(), user);
        return user;
    }
}
