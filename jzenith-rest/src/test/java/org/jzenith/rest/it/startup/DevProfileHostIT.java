package org.jzenith.rest.it.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.hardening.Echo;

/**
 * In the {@code dev} profile the server listens on {@code 127.0.0.1} unless {@code rest.host} is set:
 * checked by what the socket accepts, not by the configured value alone. Another address of this
 * machine (its own network address) reaches a server bound to every interface and is refused by one
 * bound to loopback.
 */
class DevProfileHostIT {

    @Test
    void inTheDevProfileTheServerListensOnLoopbackOnly() throws IOException {
        try (Running running = Running.start(UnaryOperator.identity(), "--jzenith.profile=dev")) {
            assertThat(running.server().host()).isEqualTo("127.0.0.1");
            assertThat(new Http(running.server().port()).get("/health").statusCode())
                    .isEqualTo(200);
            assertThat(accepts(networkAddress(), running.server().port()))
                    .as("a connection to this machine's network address %s", networkAddress())
                    .isFalse();
        }
    }

    @Test
    void theHostOnTheCommandLineWinsOverTheDevDefault() throws IOException {
        try (Running running =
                Running.start(UnaryOperator.identity(), "--jzenith.profile=dev", "--rest.host=0.0.0.0")) {
            assertThat(running.server().host()).isEqualTo("0.0.0.0");
            assertThat(accepts(networkAddress(), running.server().port())).isTrue();
        }
    }

    @Test
    void theHostSetInCodeWinsOverTheDevDefault() throws IOException {
        try (Running running =
                Running.start(app -> app.withConfiguration("rest.host", "0.0.0.0"), "--jzenith.profile=dev")) {
            assertThat(running.server().host()).isEqualTo("0.0.0.0");
            assertThat(accepts(networkAddress(), running.server().port())).isTrue();
        }
    }

    @Test
    void outsideTheDevProfileTheDefaultIsEveryInterface() throws IOException {
        try (Running running = Running.start(UnaryOperator.identity(), "--jzenith.profile=prod")) {
            assertThat(running.server().host()).isEqualTo("0.0.0.0");
            assertThat(accepts(networkAddress(), running.server().port())).isTrue();
        }
    }

    /** An application serving {@link Echo} on a free port, changed by {@code setUp} before it starts. */
    private record Running(JZenith app) implements AutoCloseable {

        static Running start(final UnaryOperator<JZenith> setUp, final String... arguments) {
            final String[] all = new String[arguments.length + 1];
            all[0] = "--rest.port=0";
            System.arraycopy(arguments, 0, all, 1, arguments.length);
            return new Running(setUp.apply(JZenith.application(all).withPlugins(RestPlugin.withResources(Echo.class)))
                    .start());
        }

        RestServer server() {
            return app.instance(RestServer.class);
        }

        @Override
        public void close() {
            app.stop();
        }
    }

    /** Whether a TCP connection to {@code address}:{@code port} is accepted (refused: false). */
    private static boolean accepts(final InetAddress address, final int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 5_000);
            return true;
        } catch (final java.net.ConnectException refused) {
            return false;
        }
    }

    /**
     * An IPv4 address of an interface of this machine other than loopback: what another machine
     * would connect to. Every machine these tests run on has one (a container's own address).
     */
    private static InetAddress networkAddress() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .filter(DevProfileHostIT::isUp)
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "this test needs an IPv4 address of this machine besides loopback, and found none"));
    }

    private static boolean isUp(final NetworkInterface candidate) {
        try {
            return candidate.isUp() && !candidate.isLoopback();
        } catch (final SocketException e) {
            return false;
        }
    }
}
