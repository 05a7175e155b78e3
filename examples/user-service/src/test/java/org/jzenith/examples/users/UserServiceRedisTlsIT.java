package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.StartupException;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateRedis;
import org.jzenith.test.services.TestCertificates;

/**
 * The user service with {@code user.store=redis} over TLS ({@code rediss://}) to a redis-server of
 * the test's own that speaks TLS only and asks clients for a certificate: the whole API contract
 * holds with the server's certificate checked against the test authority and the address. A server
 * whose certificate names another host stops the start, saying why.
 */
class UserServiceRedisTlsIT extends UserApiContract {

    private static final String PREFIX = RedisKeys.freshPrefix();

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @RegisterExtension
    @Order(1)
    static final PrivateRedis REDIS =
            PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.server(), "--tls-auth-clients", "yes");

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.connection-string", REDIS.connectionString())
            .withConfiguration("redis.tls.trust-certificates", CERTIFICATES.authority())
            .withConfiguration("redis.tls.certificate", CERTIFICATES.client().certificate())
            .withConfiguration("redis.tls.private-key", CERTIFICATES.client().privateKey())
            .withConfiguration("redis.key-prefix", PREFIX);

    @AfterAll
    static void removeTheKeys() throws Exception {
        RedisKeys.removeAll(APP, PREFIX);
    }

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "redis";
    }

    @Test
    void writesAndReadsOverTls() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Radia Perlman"))
                .json()
                .get("id")
                .asText();

        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Radia Perlman");
        assertThat(APP.client().get("/health/ready").status()).isEqualTo(200);
    }

    @Test
    void refusesToStartOnAServerWhoseCertificateNamesAnotherHost() {
        try (PrivateRedis otherHost = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.otherHost())) {
            otherHost.start();

            assertThat(assertRefusesToStart(
                            UserServiceApplication.application(
                                    "--user.store=redis",
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
