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
 * The user service when its database goes away and comes back (PostgreSQL behind a proxy that the
 * test cuts), and when it is unreachable at start-up.
 */
class UserServiceFaultsIT {

    private static final Duration RECOVERY = Duration.ofSeconds(20);

    private static final LocalServices.Database DATABASE = Databases.freshPostgresql();
    private static final TcpProxy PROXY = TcpProxy.start(DATABASE.host(), DATABASE.port());

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration(
                    "jdbc.url", DATABASE.through(PROXY.host(), PROXY.port()).jdbcUrl())
            .withConfiguration("jdbc.username", DATABASE.user())
            .withConfiguration("jdbc.connection-timeout", "1s");

    @AfterAll
    static void closeProxy() {
        PROXY.close();
    }

    @Test
    void answers503WhileTheDatabaseIsAwayAndRecoversAfter() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Before"))
                .json()
                .get("id")
                .asText();

        PROXY.cut();
        try {
            final long start = System.nanoTime();
            final TestResponse read = APP.client().get("/users/" + id);
            final TestResponse write = APP.client().post("/users", Map.of("name", "During"));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(read.status()).isEqualTo(503);
            assertThat(read.header("Content-Type")).contains("application/problem+json");
            assertThat(write.status()).isEqualTo(503);
            final TestResponse ready = APP.client().get("/health/ready");
            assertThat(ready.status()).isEqualTo(503);
            assertThat(ready.body()).contains("\"name\":\"jdbc\"", "\"status\":\"DOWN\"");
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
        assertThat(APP.client().post("/users", Map.of("name", "After")).status())
                .isEqualTo(201);
    }

    @Test
    void anUnreachableDatabaseStopsStartUpNamingTheKey() throws Exception {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final Process process = new ProcessBuilder(
                        java,
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-cp",
                        System.getProperty("java.class.path"),
                        UserServiceApplication.class.getName(),
                        "--rest.port=0",
                        "--jdbc.url=jdbc:postgresql://127.0.0.1:1/users",
                        "--jdbc.password=hunter2")
                .redirectErrorStream(true)
                .start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        final String output = output(process);
        assertThat(process.exitValue()).as(output).isNotZero();
        assertThat(output).contains("jdbc.url").contains("127.0.0.1:1").doesNotContain("hunter2");
    }

    private static String output(final Process process) throws IOException {
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
