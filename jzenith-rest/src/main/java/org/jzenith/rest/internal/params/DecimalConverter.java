package org.jzenith.rest.internal.params;

/**
 * Parses finite decimal floating-point numbers, checking the grammar first so the JDK parser is only handed valid
 * input.
 *
 * <p>Only plain decimal notation ({@code -1.5}, {@code .5}, {@code 2e-3}) is accepted: NaN, infinities, hexadecimal
 * and type suffixes are almost never what an API client means, and values that overflow to infinity are rejected.
 */
enum DecimalConverter implements Converter {
    DOUBLE,
    FLOAT;

    @Override
    public Object convert(final String raw) {
        if (!isDecimal(raw)) {
            return FAILED;
        }
        try {
            if (this == FLOAT) {
                final float value = Float.parseFloat(raw);
                return Float.isInfinite(value) ? FAILED : Float.valueOf(value);
            }
            final double value = Double.parseDouble(raw);
            return Double.isInfinite(value) ? FAILED : Double.valueOf(value);
        } catch (final NumberFormatException e) {
            return FAILED; // safety net only: isDecimal admits a subset of what the JDK parses
        }
    }

    /** {@code [+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?} */
    static boolean isDecimal(final String raw) {
        final int length = raw.length();
        int index = 0;
        if (index < length && isSign(raw.charAt(index))) {
            index++;
        }
        final int integerStart = index;
        index = skipDigits(raw, index);
        int mantissaDigits = index - integerStart;
        if (index < length && raw.charAt(index) == '.') {
            final int fractionStart = ++index;
            index = skipDigits(raw, index);
            mantissaDigits += index - fractionStart;
        }
        if (mantissaDigits == 0) {
            return false;
        }
        if (index < length && (raw.charAt(index) == 'e' || raw.charAt(index) == 'E')) {
            index++;
            if (index < length && isSign(raw.charAt(index))) {
                index++;
            }
            final int exponentStart = index;
            index = skipDigits(raw, index);
            if (index == exponentStart) {
                return false;
            }
        }
        return index == length;
    }

    private static boolean isSign(final char c) {
        return c == '+' || c == '-';
    }

    private static int skipDigits(final String raw, final int from) {
        int index = from;
        while (index < raw.length() && raw.charAt(index) >= '0' && raw.charAt(index) <= '9') {
            index++;
        }
        return index;
    }
}
