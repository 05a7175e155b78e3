package org.jzenith.examples.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.redis.client.Redis;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jzenith.redis.RedisJsonDao;
import org.jzenith.test.JZenithExtension;

/**
 * Keys of their own for the user service's Redis tests on the machine's shared Redis: each test
 * class writes under a prefix of its own and removes what it wrote.
 */
final class RedisKeys {

    private RedisKeys() {}

    /** A new prefix, such as {@code user-service-it:5f0c...:}. */
    static String freshPrefix() {
        return "user-service-it:" + UUID.randomUUID() + ":";
    }

    /** Deletes every key under {@code prefix}, through the running application's client. */
    static void removeAll(final JZenithExtension app, final String prefix) throws Exception {
        final RedisJsonDao<JsonNode> all =
                new RedisJsonDao<>(app.application().instance(Redis.class), new ObjectMapper(), JsonNode.class, prefix);
        for (final String id :
                all.ids("").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)) {
            all.delete(id).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
