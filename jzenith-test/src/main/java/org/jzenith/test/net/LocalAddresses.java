package org.jzenith.test.net;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;

/**
 * This machine's addresses as another machine would use them, for tests of what a service listens
 * on: whether {@code rest.host} really keeps it to loopback, or really opens it to the network.
 *
 * <pre>{@code
 * assertThat(LocalAddresses.accepts(LocalAddresses.networkAddress(), port)).isFalse();   // loopback only
 * }</pre>
 */
public final class LocalAddresses {

    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private LocalAddresses() {}

    /**
     * An IPv4 address of an interface of this machine other than loopback: what another machine
     * would connect to.
     *
     * @throws IllegalStateException when the machine has none (then the test cannot tell loopback from
     *     the network)
     */
    public static InetAddress networkAddress() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .filter(LocalAddresses::isUp)
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "this test needs an IPv4 address of this machine besides loopback, and found none"));
    }

    /** Whether a TCP connection to {@code address}:{@code port} is accepted (refused: false). */
    public static boolean accepts(final InetAddress address, final int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (final ConnectException refused) {
            return false;
        }
    }

    private static boolean isUp(final NetworkInterface candidate) {
        try {
            return candidate.isUp() && !candidate.isLoopback();
        } catch (final SocketException e) {
            return false;
        }
    }
}
