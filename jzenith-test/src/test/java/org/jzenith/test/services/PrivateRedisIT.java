package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Needs redis-server installed; never touches the machine's Redis. */
class PrivateRedisIT {

    @Test
    void startsEmptyAfterEveryStopAndClosesItsPort() throws IOException {
        final int port;
        try (PrivateRedis redis = PrivateRedis.create()) {
            port = redis.port();
            assertThat(redis.isRunning()).isFalse();
            redis.start();
            assertThat(redis.isRunning()).isTrue();
            assertThat(redis.redis().uri()).isEqualTo("redis://127.0.0.1:" + port);
            assertThat(command(redis, "PING")).isEqualTo("+PONG");
            assertThat(command(redis, "SET greeting hello")).isEqualTo("+OK");

            redis.stop();
            assertThat(redis.isRunning()).isFalse();
            assertThat(LocalServices.accepts(redis.host(), port)).isFalse();
            assertThatThrownBy(() -> command(redis, "PING")).isInstanceOf(IOException.class);

            redis.start();
            assertThat(command(redis, "EXISTS greeting")).isEqualTo(":0");
        }
        assertThat(LocalServices.accepts("127.0.0.1", port)).isFalse();
    }

    @Test
    void takesExtraArgumentsSuchAsAPassword() throws IOException {
        try (PrivateRedis redis = PrivateRedis.create("--requirepass", "private-secret")) {
            redis.start();
            assertThat(command(redis, "PING")).startsWith("-NOAUTH");
            assertThat(command(redis, "AUTH private-secret")).isEqualTo("+OK");
        }
    }

    /** Sends one inline command on a new connection and returns the first line of the answer. */
    private static String command(final PrivateRedis redis, final String command) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(redis.host(), redis.port()), 2_000);
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
            final String line = new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (line == null) {
                throw new IOException("the connection closed without an answer");
            }
            return line;
        }
    }
}
