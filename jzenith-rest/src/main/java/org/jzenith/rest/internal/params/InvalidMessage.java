package org.jzenith.rest.internal.params;

/** Formats the messages API clients see when a raw value cannot be converted. */
final class InvalidMessage {

    private static final int MAX_ECHOED_CHARS = 100;

    private final String description;
    private final String expected;
    // Built once: the single-value message is the common failure and needs only the raw value appended.
    private final String singlePrefix;

    InvalidMessage(final String description, final String expected) {
        this.description = description;
        this.expected = expected;
        this.singlePrefix = description + ": expected " + expected + ", got \"";
    }

    /** {@code <description>: expected <what>, got "<raw>"}. */
    String format(final String raw) {
        return singlePrefix + echo(raw) + '"';
    }

    /** Like {@link #format(String)}, naming which of several values failed (1-based). */
    String format(final String raw, final int position, final int count) {
        return description + " (value " + position + " of " + count + "): expected " + expected + ", got \"" + echo(raw)
                + '"';
    }

    // Clients may send anything; a capped echo keeps error responses and logs small.
    static String echo(final String raw) {
        if (raw.length() <= MAX_ECHOED_CHARS) {
            return raw;
        }
        int end = MAX_ECHOED_CHARS;
        if (Character.isHighSurrogate(raw.charAt(end - 1))) {
            end--; // never split a surrogate pair
        }
        return raw.substring(0, end) + '…';
    }
}
