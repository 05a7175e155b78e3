package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class LocalServicesTest {

    @Test
    void tellsWhetherAPortAcceptsConnections() throws IOException {
        final int port;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
            assertThat(LocalServices.accepts("127.0.0.1", port)).isTrue();
        }
        assertThat(LocalServices.accepts("127.0.0.1", port)).isFalse();
    }

    @Test
    void describesConnections() {
        final LocalServices.Database postgres =
                new LocalServices.Database("postgresql", "127.0.0.1", 5432, "test", "postgres", "");
        assertThat(postgres.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test");
        assertThat(postgres.withDatabase("other").jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/other");
        assertThat(postgres.through("127.0.0.1", 40000).jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:40000/test");
        assertThat(new LocalServices.Redis("127.0.0.1", 6379).uri()).isEqualTo("redis://127.0.0.1:6379");
    }
}
