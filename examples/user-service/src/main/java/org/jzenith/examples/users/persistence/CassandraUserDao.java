package org.jzenith.examples.users.persistence;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.vertx.core.Future;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jzenith.cassandra.CassandraClient;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;

/**
 * Users in Cassandra ({@code db/cassandra/V1__create_users.cql}): a row per user in {@code users},
 * and the index {@code users_by_created} (one partition, clustered by creation time and id) that pages
 * are read from, oldest first, ties by id, as the SQL stores order them. A user's row and its index
 * entry are written and deleted together in a logged batch, which Cassandra applies whole even when
 * the coordinator fails half-way. Creation times are microseconds since the epoch, as the service
 * makes them.
 *
 * <p>A page reads the index up to its end and then each of its users (in parallel); a user deleted in
 * between is left out. A rename that races a delete may leave a row with a name but no creation time,
 * which reads as no user. Never blocks: every method returns the client's future.
 */
@Singleton
public class CassandraUserDao implements UserDao {

    /** The store's migration, for {@code CassandraPlugin.withMigrations}. */
    public static final String MIGRATION = "db/cassandra/V1__create_users.cql";

    private static final int BUCKET = 0;
    private static final String INSERT_USER = "INSERT INTO users (id, name, created_at) VALUES (?, ?, ?)";
    private static final String INSERT_INDEX = "INSERT INTO users_by_created (bucket, created_at, id) VALUES (?, ?, ?)";
    private static final String DELETE_USER = "DELETE FROM users WHERE id = ?";
    private static final String DELETE_INDEX =
            "DELETE FROM users_by_created WHERE bucket = ? AND created_at = ? AND id = ?";
    private static final String FIND = "SELECT id, name, created_at FROM users WHERE id = ?";

    private final CassandraClient cassandra;

    @Inject
    public CassandraUserDao(final CassandraClient cassandra) {
        this.cassandra = cassandra;
    }

    @Override
    public Future<User> create(final User user) {
        final long created = micros(user.createdAt());
        return batch(INSERT_USER, INSERT_INDEX)
                .compose(statements -> cassandra.execute(BatchStatement.newInstance(
                        DefaultBatchType.LOGGED,
                        statements.get(0).bind(user.id(), user.name(), created),
                        statements.get(1).bind(BUCKET, created, user.id()))))
                .map(ignored -> user);
    }

    @Override
    public Future<Optional<User>> find(final UUID id) {
        return cassandra.execute(FIND, id).map(rows -> Optional.ofNullable(rows.one())
                .flatMap(CassandraUserDao::user));
    }

    @Override
    public Future<Page<User>> list(final int offset, final int limit) {
        final Future<Long> total = cassandra
                .execute("SELECT COUNT(*) FROM users_by_created WHERE bucket = ?", BUCKET)
                .map(rows -> rows.one().getLong(0));
        final Future<List<UUID>> ids = cassandra
                .execute("SELECT id FROM users_by_created WHERE bucket = ? LIMIT ?", BUCKET, (int)
                        Math.min(Integer.MAX_VALUE, (long) offset + limit))
                .compose(first -> rows(first, new ArrayList<>()))
                .map(rows ->
                        rows.stream().skip(offset).map(row -> row.getUuid("id")).toList());
        return ids.compose(page -> Future.all(page.stream().map(this::find).toList()))
                .compose(found -> total.map(count -> {
                    final List<User> items = new ArrayList<>();
                    for (int i = 0; i < found.size(); i++) {
                        found.<Optional<User>>resultAt(i).ifPresent(items::add);
                    }
                    return new Page<>(items, offset, limit, count);
                }));
    }

    @Override
    public Future<Optional<User>> rename(final UUID id, final String name) {
        return find(id).compose(found -> found.isEmpty()
                ? Future.succeededFuture(Optional.<User>empty())
                : cassandra
                        .execute("UPDATE users SET name = ? WHERE id = ?", name, id)
                        .map(ignored ->
                                Optional.of(new User(id, name, found.get().createdAt()))));
    }

    @Override
    public Future<Boolean> delete(final UUID id) {
        return find(id).compose(found -> {
            if (found.isEmpty()) {
                return Future.succeededFuture(false);
            }
            return batch(DELETE_USER, DELETE_INDEX)
                    .compose(statements -> cassandra.execute(BatchStatement.newInstance(
                            DefaultBatchType.LOGGED,
                            statements.get(0).bind(id),
                            statements.get(1).bind(BUCKET, micros(found.get().createdAt()), id))))
                    .map(ignored -> true);
        });
    }

    /** Both statements prepared (once; later calls find them prepared). */
    private Future<List<PreparedStatement>> batch(final String first, final String second) {
        final Future<PreparedStatement> one = cassandra.prepare(first);
        final Future<PreparedStatement> two = cassandra.prepare(second);
        return Future.all(one, two).map(both -> List.of(one.result(), two.result()));
    }

    /** Every row from {@code page} on, reading the following pages as the driver hands them out. */
    private static Future<List<Row>> rows(final AsyncResultSet page, final List<Row> into) {
        page.currentPage().forEach(into::add);
        if (!page.hasMorePages()) {
            return Future.succeededFuture(into);
        }
        return Future.fromCompletionStage(page.fetchNextPage()).compose(next -> rows(next, into));
    }

    /** The user of a row, or empty for a row without a creation time (a rename that raced a delete). */
    private static Optional<User> user(final Row row) {
        if (row.isNull("created_at")) {
            return Optional.empty();
        }
        return Optional.of(new User(row.getUuid("id"), row.getString("name"), instant(row.getLong("created_at"))));
    }

    static long micros(final Instant instant) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }

    private static Instant instant(final long micros) {
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }
}
