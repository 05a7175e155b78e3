package org.jzenith.redis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Values of one type kept as JSON in Redis, one key each: the key is the DAO's {@code keyPrefix}
 * followed by the value's id, such as {@code session:4711}. Use it as it is or extend it:
 *
 * <pre>{@code
 * public final class SessionDao extends RedisJsonDao<Session> {
 *     @Inject
 *     SessionDao(final Redis redis, final RedisConfiguration redisConfiguration) {
 *         super(redis, new ObjectMapper(), Session.class, redisConfiguration.keyPrefix().orElse("") + "session:");
 *     }
 * }
 *
 * sessions.set("4711", session, Duration.ofMinutes(30))      // SET session:4711 {...} PX 1800000
 *         .compose(ignored -> sessions.get("4711"))            // Future<Optional<Session>>
 *         .compose(found -> sessions.ids(""))                  // SCAN, never KEYS
 *         .compose(ids -> sessions.delete("4711"));            // Future<Boolean>
 * }</pre>
 *
 * <p>Values are written with the given Jackson {@link ObjectMapper} (register the modules your type
 * needs, such as {@code JavaTimeModule} for {@code java.time}); a stored value that is not the
 * type's JSON fails the read with an {@link IllegalStateException} naming the key and what is
 * wrong. Every method returns a Vert.x {@code Future} and never blocks; with the plugin's injected
 * client, each command is bounded by {@code redis.command-timeout} and fails with a {@link
 * RedisUnavailableException} while Redis is away.
 *
 * <p>Thread-safe when its {@code ObjectMapper} is not reconfigured after construction.
 *
 * @param <T> the type of the values
 */
public class RedisJsonDao<T> {

    /** How many keys one {@code SCAN} step asks for: a hint to the server, not a limit. */
    static final int SCAN_COUNT = 500;

    private final Redis redis;
    private final Class<T> type;
    private final String keyPrefix;
    private final ObjectReader reader;
    private final ObjectWriter writer;

    /**
     * A DAO for values of {@code type}, under keys that start with {@code keyPrefix}.
     *
     * @param redis the client; the plugin's injected {@link Redis}
     * @param mapper reads and writes the values
     * @param type the values' type
     * @param keyPrefix what every key starts with, such as {@code session:}; may be empty
     */
    public RedisJsonDao(final Redis redis, final ObjectMapper mapper, final Class<T> type, final String keyPrefix) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.type = Objects.requireNonNull(type, "type");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.reader = mapper.readerFor(type);
        this.writer = mapper.writerFor(type);
    }

    /** The client this DAO sends its commands with, for subclasses' own commands. */
    protected final Redis redis() {
        return redis;
    }

    /** The key of the value with {@code id}: the key prefix, then the id. */
    public final String key(final String id) {
        return keyPrefix + Objects.requireNonNull(id, "id");
    }

    /** The value with {@code id} ({@code GET}), or empty when there is none. */
    public Future<Optional<T>> get(final String id) {
        final String key = key(id);
        return redis.send(Request.cmd(Command.GET).arg(key))
                .map(response -> response == null ? Optional.<T>empty() : Optional.of(read(key, response)));
    }

    /**
     * The values with {@code ids}, in their order ({@code MGET}); empty for an id without a value.
     */
    public Future<List<Optional<T>>> getAll(final List<String> ids) {
        if (ids.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        final Request request = Request.cmd(Command.MGET);
        final List<String> keys = new ArrayList<>(ids.size());
        for (final String id : ids) {
            final String key = key(id);
            keys.add(key);
            request.arg(key);
        }
        return redis.send(request).map(response -> {
            final List<Optional<T>> values = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                final Response value = response.get(i);
                values.add(value == null ? Optional.empty() : Optional.of(read(keys.get(i), value)));
            }
            return values;
        });
    }

    /** Stores {@code value} under {@code id} without expiry ({@code SET}), replacing any value there. */
    public Future<Void> set(final String id, final T value) {
        final byte[] json;
        try {
            json = write(value);
        } catch (final IllegalArgumentException e) {
            return Future.failedFuture(e);
        }
        return redis.send(Request.cmd(Command.SET).arg(key(id)).arg(json)).mapEmpty();
    }

    /**
     * Stores {@code value} under {@code id} for {@code ttl} ({@code SET ... PX}), replacing any value
     * there; it expires then. Fails with an {@link IllegalArgumentException} when {@code ttl} is
     * shorter than a millisecond.
     */
    public Future<Void> set(final String id, final T value, final Duration ttl) {
        final long millis = ttl.toMillis();
        if (millis < 1) {
            return Future.failedFuture(new IllegalArgumentException(
                    "The time to live of " + key(id) + " must be at least 1 ms, not " + ttl));
        }
        final byte[] json;
        try {
            json = write(value);
        } catch (final IllegalArgumentException e) {
            return Future.failedFuture(e);
        }
        return redis.send(Request.cmd(Command.SET)
                        .arg(key(id))
                        .arg(json)
                        .arg("PX")
                        .arg(millis))
                .mapEmpty();
    }

    /** Deletes the value with {@code id} ({@code DEL}); whether there was one. */
    public Future<Boolean> delete(final String id) {
        return redis.send(Request.cmd(Command.DEL).arg(key(id)))
                .map(response -> response != null && response.toLong() > 0);
    }

    /**
     * The ids of all values whose id starts with {@code idPrefix} (empty for all), sorted, found with
     * {@code SCAN} step by step (never {@code KEYS}, which blocks the server). It walks the whole
     * keyspace and holds every id in memory: for housekeeping and small sets, not for serving pages
     * (keep an index, such as a sorted set, for that). In a cluster, {@code SCAN} sees one node.
     */
    public Future<List<String>> ids(final String idPrefix) {
        final String pattern = glob(keyPrefix + idPrefix) + "*";
        return scan("0", pattern, new TreeSet<>()).map(keys -> keys.stream()
                .map(key -> key.substring(keyPrefix.length()))
                .toList());
    }

    private Future<TreeSet<String>> scan(final String cursor, final String pattern, final TreeSet<String> found) {
        return redis.send(Request.cmd(Command.SCAN)
                        .arg(cursor)
                        .arg("MATCH")
                        .arg(pattern)
                        .arg("COUNT")
                        .arg(SCAN_COUNT))
                .compose(response -> {
                    final String next = response.get(0).toString();
                    // SCAN may return a key more than once; the set keeps it once.
                    addAll(found, response.get(1));
                    return next.equals("0") ? Future.succeededFuture(found) : scan(next, pattern, found);
                });
    }

    private static void addAll(final Collection<String> found, final Response keys) {
        if (keys != null) {
            for (final Response key : keys) {
                found.add(key.toString());
            }
        }
    }

    /** {@code text} as a {@code SCAN MATCH} pattern that matches it literally. */
    static String glob(final String text) {
        final StringBuilder pattern = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
                pattern.append('\\');
            }
            pattern.append(c);
        }
        return pattern.toString();
    }

    /** {@code value} as JSON, as stored. */
    public byte[] write(final T value) {
        try {
            return writer.writeValueAsBytes(Objects.requireNonNull(value, "value"));
        } catch (final JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "A " + type.getSimpleName() + " cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The value stored under {@code key}, read from its JSON.
     *
     * @throws IllegalStateException when the stored value is not the type's JSON
     */
    public T read(final String key, final Response stored) {
        final byte[] json = stored.toBytes();
        try {
            return reader.readValue(json);
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException(
                    "The value of the Redis key " + key + " is not a " + type.getSimpleName() + " in JSON: "
                            + e.getOriginalMessage() + location(e),
                    e);
        } catch (final IOException e) {
            throw new IllegalStateException(
                    "The value of the Redis key " + key + " cannot be read as a " + type.getSimpleName() + ": " + e, e);
        }
    }

    private static String location(final JsonProcessingException e) {
        return e.getLocation() == null
                ? ""
                : " (at line " + e.getLocation().getLineNr() + ", column "
                        + e.getLocation().getColumnNr() + ")";
    }
}
