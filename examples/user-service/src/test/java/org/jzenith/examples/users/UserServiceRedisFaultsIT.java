package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/**
 * The user service on Redis when Redis goes away and comes back (the machine's Redis behind a proxy
 * that the test cuts), and when it is unreachable at start-up.
 */
class UserServiceRedisFaultsIT {

    private static final Duration RECOVERY = Duration.ofSeconds(20);

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(1);
    private static final LocalServices.Redis REDIS = LocalServices.redis();
    private static final TcpProxy PROXY = TcpProxy.start(REDIS.host(), REDIS.port());
    private static final String PREFIX = RedisKeys.freshPrefix();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration(
                    "redis.connection-string",
                    REDIS.through(PROXY.host(), PROXY.port()).uri())
            .withConfiguration("redis.command-timeout", COMMAND_TIMEOUT.toMillis() + "ms")
            .withConfiguration("redis.key-prefix", PREFIX);

    @AfterAll
    static void removeTheKeysAndCloseTheProxy() throws Exception {
        try {
            PROXY.restore();
            RedisKeys.removeAll(APP, PREFIX);
        } finally {
            PROXY.close();
        }
    }

    @Test
    void answers503WhileRedisIsAwayAndRecoversAfter() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Before"))
                .json()
                .get("id")
                .asText();

        PROXY.cut();
        try {
            final long start = System.nanoTime();
            final TestResponse read = APP.client().get("/users/" + id);
            final TestResponse page = APP.client().get("/users");
            final TestResponse write = APP.client().post("/users", Map.of("name", "During"));
            final TestResponse rename = APP.client().put("/users/" + id, Map.of("name", "During"));
            // Four requests, each bounded by the command timeout; a lost connection fails at once.
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(COMMAND_TIMEOUT.multipliedBy(4).plusSeconds(2));
            assertThat(read.status()).isEqualTo(503);
            assertThat(read.header("Content-Type")).contains("application/problem+json");
            assertThat(read.json().get("detail").asText()).containsIgnoringCase("unavailable");
            assertThat(page.status()).isEqualTo(503);
            assertThat(write.status()).isEqualTo(503);
            assertThat(rename.status()).isEqualTo(503);
            final TestResponse ready = APP.client().get("/health/ready");
            assertThat(ready.status()).isEqualTo(503);
            assertThat(ready.body()).contains("\"name\":\"redis\"", "\"status\":\"DOWN\"");
        } finally {
            PROXY.restore();
        }

        // The pool reconnects on its own, within a bounded time.
        Await.until(
                RECOVERY,
                "/health/ready answers 200 again",
                () -> APP.client().get("/health/ready").status() == 200);
        Await.until(
                RECOVERY,
                "the user is found again",
                () -> APP.client().get("/users/" + id).status() == 200);
        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Before");
        assertThat(APP.client().post("/users", Map.of("name", "After")).status())
                .isEqualTo(201);
    }

    @Test
    void anUnreachableRedisStopsStartUpNamingTheKey() throws Exception {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final Process process = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        UserServiceApplication.class.getName(),
                        "--rest.port=0",
                        "--user.store=redis",
                        "--redis.connection-string=redis://:hunter2@127.0.0.1:1",
                        "--redis.command-timeout=1s")
                .redirectErrorStream(true)
                .start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        final String output = output(process);
        assertThat(process.exitValue()).as(output).isNotZero();
        assertThat(output)
                .contains("redis.connection-string=redis://:****@127.0.0.1:1")
                .doesNotContain("hunter2");
    }

    private static String output(final Process process) throws IOException {
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
