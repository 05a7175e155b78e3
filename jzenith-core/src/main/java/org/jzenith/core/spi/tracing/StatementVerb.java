package org.jzenith.core.spi.tracing;

import java.util.Locale;

/**
 * The operation of a SQL statement, its first keyword in upper case ({@code SELECT}, {@code
 * INSERT}), to name a database span as OpenTelemetry's conventions ask without the statement's
 * text, which can be long. Empty when the text does not start with a word.
 */
public final class StatementVerb {

    private static final int LONGEST = 16;

    private StatementVerb() {}

    public static String of(final String statement) {
        int start = 0;
        while (start < statement.length()
                && (Character.isWhitespace(statement.charAt(start)) || statement.charAt(start) == '(')) {
            start++;
        }
        int end = start;
        while (end < statement.length() && end - start < LONGEST && Character.isLetter(statement.charAt(end))) {
            end++;
        }
        return statement.substring(start, end).toUpperCase(Locale.ROOT);
    }
}
