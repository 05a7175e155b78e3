package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.StartupException;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateRedisCluster;
import org.jzenith.test.services.TestCertificates;

/**
 * The user service with {@code user.store=redis} on a Redis Cluster of three masters that speaks TLS
 * only, to clients and between its nodes: the whole API contract holds over {@code rediss://} with
 * every node's certificate checked; a cluster whose certificates name another host stops the start.
 */
class UserServiceRedisClusterTlsIT extends UserApiContract {

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final PrivateRedisCluster CLUSTER = PrivateRedisCluster.withTls(CERTIFICATES);

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.type", "cluster")
            .withConfiguration("redis.connection-string", CLUSTER.connectionString())
            .withConfiguration("redis.tls.trust-certificates", CERTIFICATES.authority())
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
    void writesAndReadsThroughTheClusterOverTls() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Grace Hopper"))
                .json()
                .get("id")
                .asText();

        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Grace Hopper");
        assertThat(APP.client().get("/health/ready").status()).isEqualTo(200);
    }

    @Test
    void refusesToStartOnAClusterWhoseCertificatesNameAnotherHost() {
        try (PrivateRedisCluster otherHost = PrivateRedisCluster.withTls(CERTIFICATES, CERTIFICATES.otherHost())) {
            otherHost.start();

            assertThat(assertRefusesToStart(
                            UserServiceApplication.application(
                                    "--user.store=redis",
                                    "--redis.type=cluster",
                                    "--redis.connection-string=" + otherHost.connectionString(),
                                    "--redis.tls.trust-certificates=" + CERTIFICATES.authority(),
                                    "--redis.key-prefix={users}:",
                                    "--rest.port=0"),
                            "redis.connection-string"))
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining("cannot connect to redis.connection-string=" + otherHost.connectionString())
                    .hasMessageContaining("No subject alternative names matching IP address 127.0.0.1 found");
        }
    }
}
