package org.jzenith.examples.users.persistence;

import io.opentelemetry.context.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementContext;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;

/**
 * Users in a relational database through Jdbi (H2, PostgreSQL or MariaDB). JDBC blocks, so each
 * call runs on a virtual thread of its own and completes a future. The SQL is portable across the
 * three: ids are kept as text, pages use LIMIT/OFFSET.
 */
@Singleton
public class JdbcUserDao implements UserDao {

    private final Jdbi jdbi;

    @Inject
    public JdbcUserDao(final Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    @Override
    public Future<User> create(final User user) {
        return onVirtualThread(() -> {
            jdbi.useHandle(handle -> insert(handle, user));
            return user;
        });
    }

    /** One transaction: Jdbi hands {@code alsoInTransaction}'s own Jdbi calls (the outbox's) this handle. */
    @Override
    public Future<User> create(final User user, final Runnable alsoInTransaction) {
        return onVirtualThread(() -> {
            jdbi.useTransaction(handle -> {
                insert(handle, user);
                alsoInTransaction.run();
            });
            return user;
        });
    }

    @Override
    public Future<Boolean> delete(final UUID id, final Runnable alsoInTransaction) {
        return onVirtualThread(() -> jdbi.inTransaction(handle -> {
            final boolean deleted = handle.createUpdate("DELETE FROM users WHERE id = :id")
                            .bind("id", id.toString())
                            .execute()
                    > 0;
            if (deleted) {
                alsoInTransaction.run();
            }
            return deleted;
        }));
    }

    private static void insert(final Handle handle, final User user) {
        handle.createUpdate("INSERT INTO users (id, name, created_at) VALUES (:id, :name, :createdAt)")
                .bind("id", user.id().toString())
                .bind("name", user.name())
                .bind("createdAt", Timestamp.from(user.createdAt()))
                .execute();
    }

    @Override
    public Future<Optional<User>> find(final UUID id) {
        return onVirtualThread(() ->
                jdbi.withHandle(handle -> handle.createQuery("SELECT id, name, created_at FROM users WHERE id = :id")
                        .bind("id", id.toString())
                        .map(JdbcUserDao::user)
                        .findOne()));
    }

    @Override
    public Future<Page<User>> list(final int offset, final int limit) {
        return onVirtualThread(() -> jdbi.inTransaction(handle -> {
            final List<User> items = handle.createQuery(
                            "SELECT id, name, created_at FROM users ORDER BY created_at, id LIMIT :limit OFFSET :offset")
                    .bind("limit", limit)
                    .bind("offset", offset)
                    .map(JdbcUserDao::user)
                    .list();
            final long total = handle.createQuery("SELECT COUNT(*) FROM users")
                    .mapTo(Long.class)
                    .one();
            return new Page<>(items, offset, limit, total);
        }));
    }

    @Override
    public Future<Optional<User>> rename(final UUID id, final String name) {
        return onVirtualThread(() -> jdbi.inTransaction(handle -> {
            final int updated = handle.createUpdate("UPDATE users SET name = :name WHERE id = :id")
                    .bind("id", id.toString())
                    .bind("name", name)
                    .execute();
            return updated == 0
                    ? Optional.<User>empty()
                    : handle.createQuery("SELECT id, name, created_at FROM users WHERE id = :id")
                            .bind("id", id.toString())
                            .map(JdbcUserDao::user)
                            .findOne();
        }));
    }

    @Override
    public Future<Boolean> delete(final UUID id) {
        return onVirtualThread(() -> jdbi.withHandle(handle -> handle.createUpdate("DELETE FROM users WHERE id = :id")
                        .bind("id", id.toString())
                        .execute())
                > 0);
    }

    private static User user(final ResultSet row, final StatementContext context) throws SQLException {
        return new User(
                UUID.fromString(row.getString("id")),
                row.getString("name"),
                row.getTimestamp("created_at").toInstant());
    }

    /**
     * Runs {@code work} on a new virtual thread in the caller's trace context, so that its statements
     * are spans of the request that asked for them (a thread of one's own does not inherit it).
     */
    private static <T> Future<T> onVirtualThread(final Callable<T> work) {
        final Promise<T> promise = Promise.promise();
        Thread.ofVirtual().name("jdbc-user-dao").start(Context.current().wrap(() -> {
            try {
                promise.complete(work.call());
            } catch (final Exception e) {
                promise.fail(e);
            }
        }));
        return promise.future();
    }
}
