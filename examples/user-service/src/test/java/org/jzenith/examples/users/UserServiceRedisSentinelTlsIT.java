package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.StartupException;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateRedisSentinel;
import org.jzenith.test.services.TestCertificates;

/**
 * The user service with {@code user.store=redis} on a Sentinel-managed primary and replica where
 * everything speaks TLS only: the whole API contract holds, the service asking the sentinels and
 * writing to the primary they name over {@code rediss://}, every certificate checked; a set-up whose
 * certificates name another host stops the start.
 */
class UserServiceRedisSentinelTlsIT extends UserApiContract {

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final PrivateRedisSentinel SENTINEL = PrivateRedisSentinel.withTls(CERTIFICATES);

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.type", "sentinel")
            .withConfiguration("redis.master-name", PrivateRedisSentinel.MASTER_NAME)
            .withConfiguration("redis.connection-string", SENTINEL.connectionString())
            .withConfiguration("redis.tls.trust-certificates", CERTIFICATES.authority());

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "redis";
    }

    @Test
    void writesAndReadsThroughThePrimaryOverTls() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Barbara Liskov"))
                .json()
                .get("id")
                .asText();

        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Barbara Liskov");
        assertThat(APP.client().get("/health/ready").status()).isEqualTo(200);
    }

    @Test
    void refusesToStartOnASetUpWhoseCertificatesNameAnotherHost() {
        try (PrivateRedisSentinel otherHost = PrivateRedisSentinel.withTls(CERTIFICATES, CERTIFICATES.otherHost())) {
            otherHost.start();

            assertThat(assertRefusesToStart(
                            UserServiceApplication.application(
                                    "--user.store=redis",
                                    "--redis.type=sentinel",
                                    "--redis.master-name=" + PrivateRedisSentinel.MASTER_NAME,
                                    "--redis.connection-string=" + otherHost.connectionString(),
                                    "--redis.tls.trust-certificates=" + CERTIFICATES.authority(),
                                    "--rest.port=0"),
                            "redis.connection-string"))
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining("cannot connect to redis.connection-string=" + otherHost.connectionString())
                    .hasMessageContaining("No subject alternative names matching IP address 127.0.0.1 found");
        }
    }
}
