package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateRedisCluster;

/**
 * The user service with {@code user.store=redis} on a Redis Cluster of three masters that the test
 * kit starts: the whole API contract holds. Its scripts touch a user's value and the index together,
 * so the key prefix carries a hash tag ({@code {users}:}) that keeps them in one slot.
 */
class UserServiceRedisClusterIT extends UserApiContract {

    @RegisterExtension
    @Order(1)
    static final PrivateRedisCluster CLUSTER = PrivateRedisCluster.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.type", "cluster")
            .withConfiguration("redis.connection-string", CLUSTER.connectionString())
            .withConfiguration("redis.key-prefix", "{users}:");

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "redis";
    }

    @Test
    void writesAndReadsThroughTheCluster() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Grace Hopper"))
                .json()
                .get("id")
                .asText();

        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Grace Hopper");
        assertThat(APP.client().get("/health/ready").status()).isEqualTo(200);
    }
}
