package org.jzenith.rest.internal.context;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Decodes RFC 3986 percent-escapes (UTF-8) without throwing: a malformed escape ({@code %},
 * {@code %4}, {@code %zz}) is the client's mistake, so it is an empty result the caller turns into
 * a 400, not an exception on the request path as {@code URLDecoder} and Netty's decoder make it.
 *
 * <p>Stateless and thread-safe. Example: {@code PercentDecoding.decode("a%20b+c", true)} is
 * {@code Optional[a b c]}, {@code PercentDecoding.decode("%zz", true)} is empty.
 */
public final class PercentDecoding {

    private PercentDecoding() {}

    /**
     * {@code text} with its escapes decoded, {@code +} read as a space when {@code plusIsSpace} (query
     * strings and form bodies); empty when an escape is malformed.
     */
    public static Optional<String> decode(final String text, final boolean plusIsSpace) {
        if (text.indexOf('%') < 0) {
            return Optional.of(plusIsSpace ? text.replace('+', ' ') : text);
        }
        final StringBuilder decoded = new StringBuilder(text.length());
        // Consecutive escapes are the bytes of one UTF-8 sequence: collect them, then decode together.
        final byte[] bytes = new byte[text.length() / 3];
        int pending = 0;
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c == '%') {
                final int high = i + 2 < text.length() ? hex(text.charAt(i + 1)) : -1;
                final int low = high < 0 ? -1 : hex(text.charAt(i + 2));
                if (low < 0) {
                    return Optional.empty();
                }
                bytes[pending++] = (byte) (high << 4 | low);
                i += 2;
                continue;
            }
            if (pending > 0) {
                decoded.append(new String(bytes, 0, pending, StandardCharsets.UTF_8));
                pending = 0;
            }
            decoded.append(plusIsSpace && c == '+' ? ' ' : c);
        }
        if (pending > 0) {
            decoded.append(new String(bytes, 0, pending, StandardCharsets.UTF_8));
        }
        return Optional.of(decoded.toString());
    }

    /**
     * {@code text} as the request line's bytes were meant, where it holds bytes that were not
     * percent-encoded: the HTTP decoder reads each byte of the request line as one character
     * (ISO-8859-1), so a raw UTF-8 {@code ５} arrives as three characters ({@code ï¼\u0095}). Those are
     * read again as the UTF-8 they are, as the path's are; empty when they are not UTF-8. A text of
     * ASCII only, nearly every one, is returned as it is after one scan.
     */
    public static Optional<String> rawBytesAsUtf8(final String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) < 0x80) {
            i++;
        }
        if (i == text.length()) {
            return Optional.of(text);
        }
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)))
                    .toString());
        } catch (final java.nio.charset.CharacterCodingException e) {
            return Optional.empty(); // only on a query with raw bytes that are not UTF-8
        }
    }

    /**
     * The first malformed escape in {@code text} (its {@code %} and up to two characters after it),
     * for a message that shows the client what to fix; empty when there is none.
     */
    public static Optional<String> firstMalformedEscape(final String text) {
        for (int i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 3)) {
            final int end = Math.min(i + 3, text.length());
            if (end - i < 3 || hex(text.charAt(i + 1)) < 0 || hex(text.charAt(i + 2)) < 0) {
                return Optional.of(text.substring(i, end));
            }
        }
        return Optional.empty();
    }

    /** The value of ASCII hex digit {@code c}, -1 for any other character (Character.digit takes other scripts' digits). */
    private static int hex(final char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        final char lower = (char) (c | 0x20);
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
    }
}
