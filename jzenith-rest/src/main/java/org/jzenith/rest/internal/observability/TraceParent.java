package org.jzenith.rest.internal.observability;

import java.util.Optional;

/**
 * The trace id of a W3C {@code traceparent} header ({@code 00-<32 hex trace id>-<16 hex parent
 * id>-<2 hex flags>}), so that a request's log lines can be found with the trace its caller
 * started. A header that does not have that form, or an all-zero id (invalid, as the W3C says), has
 * none; nothing is thrown.
 */
public final class TraceParent {

    public static final String HEADER = "traceparent";
    private static final int LENGTH = 55;

    private TraceParent() {}

    public static Optional<String> traceId(final String header) {
        if (header == null
                || header.length() < LENGTH
                || header.charAt(2) != '-'
                || header.charAt(35) != '-'
                || header.charAt(52) != '-') {
            return Optional.empty();
        }
        boolean allZero = true;
        for (int i = 3; i < 35; i++) {
            final char c = header.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return Optional.empty();
            }
            allZero &= c == '0';
        }
        return allZero ? Optional.empty() : Optional.of(header.substring(3, 35));
    }
}
