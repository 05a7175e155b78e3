package org.jzenith.examples.users.persistence;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import io.vertx.sqlclient.templates.SqlTemplate;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;
import org.jzenith.postgresql.PostgresqlTransactions;
import org.jzenith.postgresql.RecordMapper;

/**
 * Users in PostgreSQL through the reactive Vert.x client of the PostgreSQL plugin: nothing blocks,
 * every call is one command (two for a page, in a transaction), and each future completes on an
 * event loop. Single commands go through the pipelined {@link SqlClient}, the page through the
 * {@link Pool}. Rows become {@link User}s through {@link RecordMapper}; parameters are named with
 * the SQL client templates, whose statements the client prepares once per connection.
 *
 * <p>It uses the same table (and migration) as {@link JdbcUserDao}: ids kept as text, {@code
 * created_at} a {@code TIMESTAMP} read and written as UTC.
 *
 * <p>Thread-safe.
 */
@Singleton
public class PostgresqlUserDao implements UserDao {

    private static final RecordMapper<User> USER = RecordMapper.of(User.class);
    private static final String PAGE =
            "SELECT id, name, created_at FROM users ORDER BY created_at, id LIMIT #{limit} OFFSET #{offset}";
    private static final String COUNT = "SELECT COUNT(*) FROM users";
    private static final String INSERT = "INSERT INTO users (id, name, created_at) VALUES ($1, $2, $3)";
    private static final String DELETE = "DELETE FROM users WHERE id = $1";

    private final Pool pool;
    private final SqlTemplate<Map<String, Object>, SqlResult<Void>> insert;
    private final SqlTemplate<Map<String, Object>, RowSet<User>> find;
    private final SqlTemplate<Map<String, Object>, RowSet<User>> rename;
    private final SqlTemplate<Map<String, Object>, SqlResult<Void>> delete;

    @Inject
    public PostgresqlUserDao(final Pool pool, final SqlClient client) {
        this.pool = pool;
        this.insert = SqlTemplate.forUpdate(
                client, "INSERT INTO users (id, name, created_at) VALUES (#{id}, #{name}, #{created_at})");
        this.find = SqlTemplate.forQuery(client, "SELECT id, name, created_at FROM users WHERE id = #{id}")
                .mapTo(USER);
        this.rename = SqlTemplate.forQuery(
                        client, "UPDATE users SET name = #{name} WHERE id = #{id} RETURNING id, name, created_at")
                .mapTo(USER);
        this.delete = SqlTemplate.forUpdate(client, "DELETE FROM users WHERE id = #{id}");
    }

    @Override
    public Future<User> create(final User user) {
        return insert.execute(Map.of(
                        "id", user.id().toString(),
                        "name", user.name(),
                        "created_at", utc(user.createdAt())))
                .map(user);
    }

    /**
     * One reactive transaction: the insert and {@code alsoInTransaction} (the outbox's) on its
     * connection, the second sent without waiting for the first. Vert.x pipelines a connection's
     * statements, so both travel in one round trip, and {@link PostgresqlTransactions} sends
     * {@code BEGIN} with them; when the insert fails, PostgreSQL refuses what follows in the
     * transaction, which rolls back, and the insert's failure is the answer.
     */
    @Override
    public Future<User> create(final User user, final Function<SqlConnection, Future<Void>> alsoInTransaction) {
        return PostgresqlTransactions.withTransaction(pool, connection -> {
            final Future<?> inserted = connection
                    .preparedQuery(INSERT)
                    .execute(Tuple.of(user.id().toString(), user.name(), utc(user.createdAt())));
            final Future<Void> published = alsoInTransaction.apply(connection);
            return inserted.compose(done -> published).map(user);
        });
    }

    @Override
    public Future<Boolean> delete(final UUID id, final Function<SqlConnection, Future<Void>> alsoInTransaction) {
        return PostgresqlTransactions.withTransaction(pool, connection -> connection
                .preparedQuery(DELETE)
                .execute(Tuple.of(id.toString()))
                .compose(deleted -> deleted.rowCount() > 0
                        ? alsoInTransaction.apply(connection).map(true)
                        : Future.succeededFuture(false)));
    }

    @Override
    public Future<Optional<User>> find(final UUID id) {
        return find.execute(Map.of("id", id.toString())).map(PostgresqlUserDao::first);
    }

    @Override
    public Future<Page<User>> list(final int offset, final int limit) {
        return pool.withTransaction(connection -> SqlTemplate.forQuery(connection, PAGE)
                .mapTo(USER)
                .execute(Map.of("limit", limit, "offset", offset))
                .compose(rows -> connection.query(COUNT).execute().map(count -> {
                    final List<User> items = new ArrayList<>(rows.size());
                    rows.forEach(items::add);
                    return new Page<>(
                            items, offset, limit, count.iterator().next().getLong(0));
                })));
    }

    @Override
    public Future<Optional<User>> rename(final UUID id, final String name) {
        return rename.execute(Map.of("id", id.toString(), "name", name)).map(PostgresqlUserDao::first);
    }

    @Override
    public Future<Boolean> delete(final UUID id) {
        return delete.execute(Map.of("id", id.toString())).map(result -> result.rowCount() > 0);
    }

    private static Optional<User> first(final RowSet<User> rows) {
        return rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next());
    }

    /** The {@code TIMESTAMP} column holds UTC. */
    private static LocalDateTime utc(final Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
