package org.jzenith.examples.users.security;

import java.net.InetAddress;
import java.util.Locale;

/**
 * Whether a {@code rest.host} value is an address only this machine reaches: {@code localhost},
 * {@code 127.0.0.0/8} or {@code ::1}. Names other than {@code localhost} are not looked up (they
 * may resolve elsewhere later), so they count as reachable from the network.
 */
final class Loopback {

    private Loopback() {}

    static boolean is(final String host) {
        final String literal = host.strip();
        if (literal.toLowerCase(Locale.ROOT).equals("localhost")) {
            return true;
        }
        final String bare =
                literal.startsWith("[") && literal.endsWith("]") ? literal.substring(1, literal.length() - 1) : literal;
        try {
            return InetAddress.ofLiteral(bare).isLoopbackAddress();
        } catch (final IllegalArgumentException notAnAddress) {
            // A host name: start-up checks, not a request path, so an exception is the answer here.
            return false;
        }
    }
}
