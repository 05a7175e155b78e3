package org.jzenith.rest.internal.params;

import java.util.UUID;

/**
 * Parses the canonical 36-character UUID form by hand; {@link UUID#fromString} throws for bad input and accepts
 * non-canonical forms.
 */
final class UuidConverter implements Converter {

    static final UuidConverter INSTANCE = new UuidConverter();

    private static final int LENGTH = 36;

    private UuidConverter() {}

    @Override
    public Object convert(final String raw) {
        if (raw.length() != LENGTH) {
            return FAILED;
        }
        long mostSignificant = 0;
        long leastSignificant = 0;
        int digits = 0;
        for (int index = 0; index < LENGTH; index++) {
            final char c = raw.charAt(index);
            if (index == 8 || index == 13 || index == 18 || index == 23) {
                if (c != '-') {
                    return FAILED;
                }
                continue;
            }
            final int nibble = hexValue(c);
            if (nibble < 0) {
                return FAILED;
            }
            if (digits < 16) {
                mostSignificant = (mostSignificant << 4) | nibble;
            } else {
                leastSignificant = (leastSignificant << 4) | nibble;
            }
            digits++;
        }
        return new UUID(mostSignificant, leastSignificant);
    }

    private static int hexValue(final char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
