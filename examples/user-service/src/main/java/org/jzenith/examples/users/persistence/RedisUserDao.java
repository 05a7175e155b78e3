package org.jzenith.examples.users.persistence;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;
import org.jzenith.redis.RedisConfiguration;
import org.jzenith.redis.RedisJsonDao;

/**
 * Users in Redis: each user a JSON value under {@code user:<id>}, and a sorted set {@code
 * users:by-created} (score: the creation time in microseconds, member: the id) that pages are read
 * from, oldest first, ties by id, as the SQL stores order them. Both keys start with {@code
 * redis.key-prefix}.
 *
 * <p>Writes that touch the value and the index run as one Lua script, so that the two always agree.
 * A page is one script (the index's size and a range of ids) and one {@code MGET}; a user deleted in
 * between is left out of the page. Never blocks: every method returns the client's future.
 *
 * <p>The scripts name every key they touch, but those keys are in different hash slots, so a Redis
 * cluster needs a {@code redis.key-prefix} with a hash tag, such as {@code {users}:}.
 */
@Singleton
public class RedisUserDao implements UserDao {

    static final String USER_KEYS = "user:";
    static final String INDEX_KEY = "users:by-created";

    // KEYS: the user, the index. ARGV: the JSON, the score, the id.
    private static final String CREATE = """
            redis.call('SET', KEYS[1], ARGV[1])
            redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
            return 1
            """;

    // KEYS: the user. ARGV: the new name. The stored JSON with the name replaced, or nil.
    private static final String RENAME = """
            local stored = redis.call('GET', KEYS[1])
            if not stored then
              return false
            end
            local user = cjson.decode(stored)
            user['name'] = ARGV[1]
            local updated = cjson.encode(user)
            redis.call('SET', KEYS[1], updated)
            return updated
            """;

    // KEYS: the user, the index. ARGV: the id. How many users were deleted: 0 or 1.
    private static final String DELETE = """
            local deleted = redis.call('DEL', KEYS[1])
            redis.call('ZREM', KEYS[2], ARGV[1])
            return deleted
            """;

    // KEYS: the index. ARGV: the first and last rank. The index's size, and the ids in that range.
    private static final String PAGE = """
            return {redis.call('ZCARD', KEYS[1]), redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2])}
            """;

    private final Redis redis;
    private final RedisJsonDao<StoredUser> users;
    private final String index;

    @Inject
    public RedisUserDao(final Redis redis, final RedisConfiguration configuration) {
        final String prefix = configuration.keyPrefix().orElse("");
        this.redis = redis;
        this.users = new RedisJsonDao<>(redis, new ObjectMapper(), StoredUser.class, prefix + USER_KEYS);
        this.index = prefix + INDEX_KEY;
    }

    @Override
    public Future<User> create(final User user) {
        final String id = user.id().toString();
        return eval(CREATE, List.of(users.key(id), index))
                .arg(users.write(StoredUser.of(user)))
                .arg(micros(user.createdAt()))
                .arg(id)
                .send()
                .map(ignored -> user);
    }

    @Override
    public Future<Optional<User>> find(final UUID id) {
        return users.get(id.toString()).map(found -> found.map(StoredUser::user));
    }

    @Override
    public Future<Page<User>> list(final int offset, final int limit) {
        return eval(PAGE, List.of(index))
                .arg(offset)
                .arg((long) offset + limit - 1)
                .send()
                .compose(page -> {
                    final long total = page.get(0).toLong();
                    final List<String> ids = new ArrayList<>();
                    for (final Response id : page.get(1)) {
                        ids.add(id.toString());
                    }
                    return users.getAll(ids).map(found -> {
                        final List<User> items = found.stream()
                                .flatMap(Optional::stream)
                                .map(StoredUser::user)
                                .toList();
                        return new Page<>(items, offset, limit, total);
                    });
                });
    }

    @Override
    public Future<Optional<User>> rename(final UUID id, final String name) {
        final String key = users.key(id.toString());
        return eval(RENAME, List.of(key))
                .arg(name)
                .send()
                .map(updated -> updated == null
                        ? Optional.<User>empty()
                        : Optional.of(users.read(key, updated).user()));
    }

    @Override
    public Future<Boolean> delete(final UUID id) {
        final String value = id.toString();
        return eval(DELETE, List.of(users.key(value), index))
                .arg(value)
                .send()
                .map(deleted -> deleted != null && deleted.toLong() > 0);
    }

    /** The score of a creation time: microseconds since the epoch, exact in a double until 2255. */
    static long micros(final Instant instant) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }

    private Script eval(final String script, final List<String> keys) {
        final Request request = Request.cmd(Command.EVAL).arg(script).arg(keys.size());
        keys.forEach(request::arg);
        return new Script(redis, request);
    }

    /** An {@code EVAL} being put together: its arguments, then {@link #send()}. */
    private record Script(Redis redis, Request request) {

        Script arg(final String value) {
            request.arg(value);
            return this;
        }

        Script arg(final byte[] value) {
            request.arg(value);
            return this;
        }

        Script arg(final long value) {
            request.arg(value);
            return this;
        }

        Future<Response> send() {
            return redis.send(request);
        }
    }

    /**
     * A user as stored: text fields only, so that the rename script's JSON library keeps every value
     * exactly (it would round large numbers).
     */
    record StoredUser(String id, String name, String createdAt) {

        static StoredUser of(final User user) {
            return new StoredUser(
                    user.id().toString(), user.name(), user.createdAt().toString());
        }

        User user() {
            return new User(UUID.fromString(id), name, Instant.parse(createdAt));
        }
    }
}
