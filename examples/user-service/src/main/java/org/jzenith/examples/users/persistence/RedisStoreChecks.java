package org.jzenith.examples.users.persistence;

import io.vertx.redis.client.RedisClientType;
import org.jzenith.core.Plugin;
import org.jzenith.core.Validation;
import org.jzenith.redis.RedisConfiguration;

/**
 * What the Redis store needs of the Redis settings, checked at start-up with the rest: on a Redis
 * Cluster, {@link RedisUserDao}'s scripts touch a user's value and the index together, which a
 * cluster allows only for keys in one hash slot, so {@code redis.key-prefix} must carry a hash tag.
 *
 * <pre>{@code
 * .withPluginsIf(UserServiceConfiguration.class, c -> c.store() == Store.REDIS, RedisStoreChecks.create())
 * }</pre>
 */
public final class RedisStoreChecks implements Plugin {

    private RedisStoreChecks() {}

    /** The checks, for an application whose users are kept in Redis. */
    public static RedisStoreChecks create() {
        return new RedisStoreChecks();
    }

    @Override
    public String name() {
        return "redis-store";
    }

    @Override
    public void validate(final Validation validation) {
        validation.configuration(RedisConfiguration.class).ifPresent(redis -> {
            if (redis.type() == RedisClientType.CLUSTER
                    && !hasHashTag(redis.keyPrefix().orElse(""))) {
                validation.reject(
                        "redis.key-prefix",
                        "a prefix with a hash tag, such as {users}:, for redis.type=cluster: the user store"
                                + " changes a user and the index in one script, and a cluster runs a script only"
                                + " on keys of one hash slot");
            }
        });
    }

    /** Whether {@code prefix} has a non-empty {@code {...}}: Redis then hashes only what is inside. */
    static boolean hasHashTag(final String prefix) {
        final int open = prefix.indexOf('{');
        final int close = open < 0 ? -1 : prefix.indexOf('}', open + 1);
        return close > open + 1;
    }
}
