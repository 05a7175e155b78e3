package org.jzenith.examples.users.service;

import io.reactivex.rxjava3.core.Single;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.jzenith.examples.users.events.UserEvent;
import org.jzenith.examples.users.events.UserEvents;

/**
 * The user service layer, in both styles jZenith supports: reactive methods (returning {@link
 * Single}) for resource methods on the event loop, and plain ones that block on the store's
 * futures, for resource methods on virtual threads.
 */
@Singleton
public class UserService {

    private final UserDao users;
    private final UserEvents events;
    private final Clock clock;

    @Inject
    public UserService(final UserDao users, final UserEvents events) {
        this(users, events, Clock.systemUTC());
    }

    UserService(final UserDao users, final UserEvents events, final Clock clock) {
        this.users = users;
        this.events = events;
        this.clock = clock;
    }

    /** Reactive: the user with {@code id}, or a {@link NoSuchUserException}. */
    public Single<User> get(final UUID id) {
        return Single.fromCompletionStage(users.find(id).toCompletionStage())
                .map(found -> found.orElseThrow(() -> new NoSuchUserException(id)));
    }

    /** Reactive: one page of users, oldest first. */
    public Single<Page<User>> list(final int offset, final int limit) {
        return Single.fromCompletionStage(users.list(offset, limit).toCompletionStage());
    }

    /** Blocking (call it on a virtual thread): a new user named {@code name}. */
    public User create(final String name) {
        // Microseconds: what every supported database keeps, so a read returns what was written.
        final Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        final User user = new User(UUID.randomUUID(), name.strip(), now);
        final UserEvent event = UserEvent.created(user.id(), user.name(), now);
        if (events.transactional()) {
            // The outbox: the event commits with the user, or neither does.
            return (events.reactive()
                            ? users.create(user, transaction -> events.publish(transaction, event))
                            : users.create(user, () -> events.publish(event)))
                    .await();
        }
        final User created = users.create(user).await();
        events.publish(event);
        return created;
    }

    /** Blocking: renames the user with {@code id}. */
    public User rename(final UUID id, final String name) {
        return users.rename(id, name.strip()).await().orElseThrow(() -> new NoSuchUserException(id));
    }

    /** Blocking: deletes the user with {@code id}. */
    public void delete(final UUID id) {
        final UserEvent event = UserEvent.deleted(id, clock.instant().truncatedTo(ChronoUnit.MICROS));
        final boolean deleted;
        if (!events.transactional()) {
            deleted = users.delete(id).await();
        } else if (events.reactive()) {
            deleted = users.delete(id, transaction -> events.publish(transaction, event))
                    .await();
        } else {
            deleted = users.delete(id, () -> events.publish(event)).await();
        }
        if (!deleted) {
            throw new NoSuchUserException(id);
        }
        if (!events.transactional()) {
            events.publish(event);
        }
    }
}
