package org.jzenith.jwt.internal;

import java.net.InetAddress;
import java.util.Locale;

/**
 * Whether a URL's host is this machine: {@code localhost}, {@code 127.0.0.0/8} or {@code ::1}. Other
 * names are not looked up (what they resolve to may change), so they are never loopback here.
 */
final class LoopbackHost {

    private LoopbackHost() {}

    static boolean is(final String host) {
        if (host.equalsIgnoreCase("localhost") || host.toLowerCase(Locale.ROOT).equals("localhost.")) {
            return true;
        }
        // URI keeps an IPv6 literal in brackets.
        final String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            return InetAddress.ofLiteral(bare).isLoopbackAddress();
        } catch (final IllegalArgumentException notAnAddress) {
            // A host name: checked once at start-up, so an exception is an answer here.
            return false;
        }
    }
}
