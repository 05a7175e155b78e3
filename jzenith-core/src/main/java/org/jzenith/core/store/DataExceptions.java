package org.jzenith.core.store;

import java.util.Map;
import java.util.Optional;

/**
 * SQLSTATE class 22, "data exception": the statement was fine, the value the client sent was not
 * (too long for its column, a NUL in text, a number out of range). Such a failure is the client's,
 * answered 400 and never 500; the database's own message is not shown, since it may quote the
 * statement and name tables.
 *
 * <pre>{@code
 * ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.badInput(
 *         SQLException.class, e -> DataExceptions.is(e.getSQLState()), e -> DataExceptions.describe(e.getSQLState())));
 * }</pre>
 */
public final class DataExceptions {

    private static final String CLASS = "22";

    private static final Map<String, String> WHAT = Map.of(
            "22001", "a value is longer than the store takes",
            "22003", "a number is out of the range the store takes",
            "22007", "a date or time is not valid",
            "22008", "a date or time is out of range",
            "22012", "a value leads to a division by zero",
            "22021", "a text holds a character the store cannot take (such as NUL)",
            "22P05", "a text holds a character the store cannot take (such as NUL)",
            "22P02", "a value does not have the form the store expects");

    private DataExceptions() {}

    /** Whether {@code sqlState} (may be null) is a data exception. */
    public static boolean is(final String sqlState) {
        return sqlState != null && sqlState.startsWith(CLASS);
    }

    /** The detail of the 400 answered for {@code sqlState}. */
    public static String describe(final String sqlState) {
        return "A value in the request cannot be stored: "
                + Optional.ofNullable(sqlState).map(WHAT::get).orElse("it is malformed or out of range")
                + " (SQLSTATE " + sqlState + ")";
    }
}
