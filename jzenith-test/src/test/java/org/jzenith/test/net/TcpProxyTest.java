package org.jzenith.test.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TcpProxyTest {

    private static final int TIMEOUT_MILLIS = 5_000;

    private EchoServer echo;
    private TcpProxy proxy;

    @BeforeEach
    void start() throws IOException {
        echo = new EchoServer();
        proxy = TcpProxy.start("127.0.0.1", echo.port());
    }

    @AfterEach
    void stop() {
        proxy.close();
        echo.close();
    }

    @Test
    void forwardsBothWays() throws IOException {
        try (Socket socket = connect()) {
            assertThat(roundTrip(socket, "hello")).isEqualTo("hello");
            assertThat(roundTrip(socket, "again")).isEqualTo("again");
            assertThat(proxy.openConnections()).isEqualTo(1);
        }
        assertThat(proxy.host()).isEqualTo("127.0.0.1");
        assertThat(proxy.port()).isNotEqualTo(echo.port());
    }

    @Test
    void forwardsLargePayloads() throws IOException {
        final String big = "x".repeat(200_000);
        try (Socket socket = connect()) {
            assertThat(roundTrip(socket, big)).isEqualTo(big);
        }
    }

    @Test
    void cutResetsOpenConnectionsAndRefusesNewOnesUntilRestored() throws IOException {
        final Socket before = connect();
        assertThat(roundTrip(before, "up")).isEqualTo("up");

        proxy.cut();

        assertThat(proxy.isCut()).isTrue();
        assertThat(proxy.openConnections()).isZero();
        assertThatThrownBy(() -> roundTrip(before, "gone")).isInstanceOf(IOException.class);
        before.close();
        assertThatThrownBy(() -> {
                    try (Socket during = connect()) {
                        roundTrip(during, "refused");
                    }
                })
                .isInstanceOf(IOException.class);

        proxy.restore();

        try (Socket after = connect()) {
            assertThat(roundTrip(after, "back")).isEqualTo("back");
        }
    }

    @Test
    void passesOnAnOrderlyCloseAndForgetsTheConnection() throws IOException {
        try (Socket socket = connect()) {
            assertThat(roundTrip(socket, "bye")).isEqualTo("bye");
            socket.shutdownOutput();
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
        awaitTrue(() -> proxy.openConnections() == 0, "the proxy drops a finished connection");
    }

    @Test
    void aTargetThatIsDownLooksLikeAClosedConnection() throws IOException {
        final int port = echo.port();
        echo.close();
        try (TcpProxy toNothing = TcpProxy.start("127.0.0.1", port)) {
            assertThatThrownBy(() -> {
                        try (Socket socket = new Socket()) {
                            socket.connect(new InetSocketAddress(toNothing.host(), toNothing.port()), TIMEOUT_MILLIS);
                            socket.setSoTimeout(TIMEOUT_MILLIS);
                            roundTrip(socket, "anyone?");
                        }
                    })
                    .isInstanceOf(IOException.class);
            awaitTrue(() -> toNothing.openConnections() == 0, "the proxy drops the connection it could not forward");
        }
    }

    @Test
    void closeStopsListeningAndIsIdempotent() throws IOException {
        final Socket open = connect();
        assertThat(roundTrip(open, "x")).isEqualTo("x");

        proxy.close();
        proxy.close();

        assertThatThrownBy(() -> roundTrip(open, "y")).isInstanceOf(IOException.class);
        open.close();
        assertThatThrownBy(this::connect).isInstanceOf(IOException.class);
    }

    @Test
    void rejectsAnInvalidPort() {
        assertThatThrownBy(() -> TcpProxy.start("127.0.0.1", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port 0");
    }

    private Socket connect() throws IOException {
        final Socket socket = new Socket();
        socket.connect(new InetSocketAddress(proxy.host(), proxy.port()), TIMEOUT_MILLIS);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        return socket;
    }

    /** Sends {@code text} and reads as many bytes back; an early end of stream is an IOException. */
    private static String roundTrip(final Socket socket, final String text) throws IOException {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        final OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
        final InputStream in = socket.getInputStream();
        final byte[] answer = in.readNBytes(bytes.length);
        if (answer.length < bytes.length) {
            throw new IOException("the connection ended after " + answer.length + " of " + bytes.length + " bytes");
        }
        return new String(answer, StandardCharsets.UTF_8);
    }

    private static void awaitTrue(final BooleanSupplier condition, final String what) {
        final long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            LockSupport.parkNanos(Duration.ofMillis(10).toNanos());
        }
    }

    /** Echoes every byte back, one virtual thread per connection. */
    private static final class EchoServer implements AutoCloseable {
        private final ServerSocket server;

        EchoServer() throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(this::accept);
        }

        int port() {
            return server.getLocalPort();
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    final Socket socket = server.accept();
                    Thread.ofVirtual().start(() -> echo(socket));
                } catch (final IOException e) {
                    return;
                }
            }
        }

        private static void echo(final Socket socket) {
            try (socket) {
                socket.getInputStream().transferTo(socket.getOutputStream());
            } catch (final IOException e) {
                // the peer went away
            }
        }

        @Override
        public void close() {
            try {
                server.close();
            } catch (final IOException e) {
                // closed anyway
            }
        }
    }
}
