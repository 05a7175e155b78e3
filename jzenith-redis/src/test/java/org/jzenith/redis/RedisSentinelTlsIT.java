package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.services.PrivateRedisSentinel;
import org.jzenith.test.services.TestCertificates;

/**
 * The plugin against a Sentinel-managed primary and replica where everything speaks TLS only: it asks
 * the sentinels over {@code rediss://} and reaches the primary they name over TLS as well, checking
 * every certificate against the address; a set-up whose certificates name another host is refused at
 * start.
 */
class RedisSentinelTlsIT {

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final PrivateRedisSentinel SENTINEL = PrivateRedisSentinel.withTls(CERTIFICATES);

    @Test
    void writesReachThePrimaryTheSentinelsNameOverTls() {
        final JZenith app = application(SENTINEL).start();
        try {
            final RedisJsonDao<Item> items =
                    new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, "item:");
            Await.result(items.set("tls", new Item("tls", 3)));

            assertThat(Await.result(items.get("tls"))).contains(new Item("tls", 3));
            final String replication = Await.result(app.instance(Redis.class)
                            .send(Request.cmd(Command.INFO).arg("replication")))
                    .toString();
            assertThat(replication).contains("role:master");
            assertThat(Probes.readiness(app, "redis").status()).isEqualTo(HealthStatus.UP);
        } finally {
            app.stop();
        }
    }

    @Test
    void aSetUpWhoseCertificatesNameAnotherHostIsRefused() {
        try (PrivateRedisSentinel otherHost = PrivateRedisSentinel.withTls(CERTIFICATES, CERTIFICATES.otherHost())) {
            otherHost.start();

            assertThat(assertRefusesToStart(application(otherHost), "redis.connection-string"))
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining("cannot connect to redis.connection-string=" + otherHost.connectionString())
                    .hasMessageContaining("No subject alternative names matching IP address 127.0.0.1 found")
                    .hasMessageContaining("for TLS, that the server's certificate is signed by an authority in");
        }
    }

    private static JZenith application(final PrivateRedisSentinel sentinel) {
        return JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.type", "sentinel")
                .withConfiguration("redis.master-name", PrivateRedisSentinel.MASTER_NAME)
                .withConfiguration("redis.connection-string", sentinel.connectionString())
                .withConfiguration(
                        "redis.tls.trust-certificates", CERTIFICATES.authority().toString());
    }
}
