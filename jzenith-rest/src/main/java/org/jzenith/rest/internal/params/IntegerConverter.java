package org.jzenith.rest.internal.params;

/**
 * Parses decimal integers of one width by hand, detecting bad syntax and overflow without exceptions.
 *
 * <p>Accepts an optional sign and ASCII digits only, unlike {@link Long#parseLong}, which also takes non-ASCII digits.
 */
enum IntegerConverter implements Converter {
    BYTE(Byte.MIN_VALUE, Byte.MAX_VALUE),
    SHORT(Short.MIN_VALUE, Short.MAX_VALUE),
    INT(Integer.MIN_VALUE, Integer.MAX_VALUE),
    LONG(Long.MIN_VALUE, Long.MAX_VALUE);

    private final long min;
    private final long max;

    IntegerConverter(final long min, final long max) {
        this.min = min;
        this.max = max;
    }

    /** What clients are told; byte and short name their range, since "an integer" alone would mislead there. */
    String expected() {
        return switch (this) {
            case BYTE, SHORT -> "an integer from " + min + " to " + max;
            case INT, LONG -> "an integer";
        };
    }

    @Override
    public Object convert(final String raw) {
        final int length = raw.length();
        if (length == 0) {
            return FAILED;
        }
        int index = 0;
        boolean negative = false;
        final char first = raw.charAt(0);
        if (first == '-' || first == '+') {
            negative = first == '-';
            index = 1;
            if (length == 1) {
                return FAILED;
            }
        }
        // Accumulate negatively: the negative range is one larger, so MIN_VALUE needs no special case.
        final long limit = negative ? min : -max;
        final long multiplyLimit = limit / 10;
        long result = 0;
        for (; index < length; index++) {
            final int digit = raw.charAt(index) - '0';
            if (digit < 0 || digit > 9 || result < multiplyLimit) {
                return FAILED;
            }
            result *= 10;
            if (result < limit + digit) {
                return FAILED;
            }
            result -= digit;
        }
        return box(negative ? result : -result);
    }

    private Object box(final long value) {
        return switch (this) {
            case BYTE -> Byte.valueOf((byte) value);
            case SHORT -> Short.valueOf((short) value);
            case INT -> Integer.valueOf((int) value);
            case LONG -> Long.valueOf(value);
        };
    }
}
