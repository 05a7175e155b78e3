package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.services.PrivateRedis;
import org.jzenith.test.services.PrivateRedisCluster;
import org.jzenith.test.services.TestCertificates;

/**
 * The plugin against a Redis Cluster that speaks TLS only, to clients and between its nodes: it
 * reaches every master over {@code rediss://} (the nodes it learns from {@code CLUSTER SLOTS} too),
 * checking each certificate against the address; a cluster whose certificates name another host is
 * refused at start.
 */
class RedisClusterTlsIT {

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final PrivateRedisCluster CLUSTER = PrivateRedisCluster.withTls(CERTIFICATES);

    @Test
    void keysSpreadOverEveryMasterOverTls() {
        final JZenith app = application(CLUSTER).start();
        try {
            final RedisJsonDao<Item> items =
                    new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, "item:");
            final List<String> ids =
                    IntStream.range(0, 60).mapToObj(i -> "id-" + i).toList();
            for (final String id : ids) {
                Await.result(items.set(id, new Item(id, 1)));
            }

            assertThat(Await.result(items.getAll(ids))).hasSize(ids.size()).allMatch(Optional::isPresent);
            assertThat(keysPerMaster(app.instance(Vertx.class)))
                    .as("keys on each master")
                    .allMatch(count -> count > 0);
            assertThat(Probes.readiness(app, "redis").status()).isEqualTo(HealthStatus.UP);
        } finally {
            app.stop();
        }
    }

    @Test
    void aClusterWhoseCertificatesNameAnotherHostIsRefused() {
        try (PrivateRedisCluster otherHost = PrivateRedisCluster.withTls(CERTIFICATES, CERTIFICATES.otherHost())) {
            otherHost.start();

            assertThat(assertRefusesToStart(application(otherHost), "redis.connection-string"))
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining("cannot connect to redis.connection-string=" + otherHost.connectionString())
                    .hasMessageContaining("No subject alternative names matching IP address 127.0.0.1 found")
                    .hasMessageContaining("for TLS, that the server's certificate is signed by an authority in");
        }
    }

    private static JZenith application(final PrivateRedisCluster cluster) {
        return JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.type", "cluster")
                .withConfiguration("redis.connection-string", cluster.connectionString())
                .withConfiguration(
                        "redis.tls.trust-certificates", CERTIFICATES.authority().toString());
    }

    /** How many keys each master holds, asked of each directly over TLS. */
    private static List<Long> keysPerMaster(final Vertx vertx) {
        final List<Long> counts = new ArrayList<>();
        for (final PrivateRedis node : CLUSTER.nodes()) {
            final Redis direct = Redis.createClient(
                    vertx,
                    new RedisOptions()
                            .setConnectionString(node.connectionString())
                            .setNetClientOptions(new NetClientOptions()
                                    .setSsl(true)
                                    .setHostnameVerificationAlgorithm("HTTPS")
                                    .setTrustOptions(new PemTrustOptions()
                                            .addCertPath(
                                                    CERTIFICATES.authority().toString()))));
            try {
                counts.add(
                        Await.result(direct.send(Request.cmd(Command.DBSIZE))).toLong());
            } finally {
                direct.close();
            }
        }
        return counts;
    }
}
