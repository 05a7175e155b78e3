package org.jzenith.core.errors;

import com.google.inject.Binder;
import com.google.inject.binder.LinkedBindingBuilder;
import com.google.inject.multibindings.Multibinder;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Says which status an exception type stands for, so that a plugin can teach the HTTP layer about
 * its own failures without depending on it: the JDBC plugin maps "cannot get a connection" to 503.
 * The REST plugin applies these after the application's own {@code withMapping}s, to the exception
 * and to its causes.
 *
 * <pre>{@code
 * ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.of(SQLTransientConnectionException.class, 503));
 * ExceptionMapping.bind(binder()).toInstance(
 *         ExceptionMapping.when(SQLException.class, e -> "08006".equals(e.getSQLState()), 503));
 * }</pre>
 *
 * @param type the exception type (subclasses match too; the most specific mapping wins)
 * @param test which exceptions of that type the mapping is for; evaluated only while answering an
 *     error, never on a successful request
 * @param status the HTTP status, 400 to 599
 * @param detail what the problem response says of a matching exception; empty for the exception's
 *     own message
 */
public record ExceptionMapping(
        Class<? extends Throwable> type,
        Predicate<Throwable> test,
        int status,
        Function<Throwable, Optional<String>> detail) {

    /** Service Unavailable: what a store that is away answers. */
    public static final int UNAVAILABLE = 503;

    /** Bad Request: what data a store refuses as malformed or out of range answers. */
    public static final int BAD_REQUEST = 400;

    public ExceptionMapping {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("ExceptionMapping of " + type.getSimpleName() + " to " + status
                    + ": the status must be 400 to 599");
        }
    }

    /** A mapping whose problem response carries the exception's own message. */
    public ExceptionMapping(final Class<? extends Throwable> type, final Predicate<Throwable> test, final int status) {
        this(type, test, status, failure -> Optional.empty());
    }

    /** Every exception of {@code type} (and its subclasses) stands for {@code status}. */
    public static ExceptionMapping of(final Class<? extends Throwable> type, final int status) {
        return new ExceptionMapping(type, any -> true, status);
    }

    /**
     * Exceptions of {@code type} that pass {@code test} stand for {@code status}: for libraries that
     * tell failures apart by a code rather than by type, such as a SQLSTATE.
     */
    public static <T extends Throwable> ExceptionMapping when(
            final Class<T> type, final Predicate<? super T> test, final int status) {
        return new ExceptionMapping(type, failure -> type.isInstance(failure) && test.test(type.cast(failure)), status);
    }

    /**
     * Exceptions of {@code type} that pass {@code test} mean a store is away for now: answered with
     * 503 and {@code Retry-After}, with a detail that names nothing internal. Every store plugin
     * declares its "unavailable" failures this way; a {@link
     * org.jzenith.core.store.StoreUnavailableException} is one already.
     *
     * <pre>{@code
     * ExceptionMapping.bind(binder()).toInstance(
     *         ExceptionMapping.unavailable(SQLException.class, e -> e.getSQLState().startsWith("08")));
     * }</pre>
     */
    public static <T extends Throwable> ExceptionMapping unavailable(
            final Class<T> type, final Predicate<? super T> test) {
        return when(type, test, UNAVAILABLE);
    }

    /** Every exception of {@code type} means a store is away for now; see {@link #unavailable(Class, Predicate)}. */
    public static ExceptionMapping unavailable(final Class<? extends Throwable> type) {
        return of(type, UNAVAILABLE);
    }

    /**
     * Every exception of {@code type} means the service cannot take the request for now: 503 with
     * {@code Retry-After}, and {@code detail} (which names nothing internal) instead of the generic
     * "a service this request needs is unavailable".
     *
     * <pre>{@code
     * ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.unavailable(
     *         OutboxFullException.class, "Too many events wait for the message broker; try again later"));
     * }</pre>
     */
    public static ExceptionMapping unavailable(final Class<? extends Throwable> type, final String detail) {
        final Optional<String> said = Optional.of(detail);
        return new ExceptionMapping(type, any -> true, UNAVAILABLE, failure -> said);
    }

    /**
     * Exceptions of {@code type} that pass {@code test} mean the client sent data the store refuses
     * (too long, malformed, out of range): answered 400 with {@code detail}, since a store's own
     * message may quote the statement or name its tables.
     *
     * <pre>{@code
     * ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.badInput(
     *         SQLException.class, e -> e.getSQLState().startsWith("22"), e -> "a value cannot be stored"));
     * }</pre>
     */
    public static <T extends Throwable> ExceptionMapping badInput(
            final Class<T> type, final Predicate<? super T> test, final Function<? super T, String> detail) {
        return new ExceptionMapping(
                type,
                failure -> type.isInstance(failure) && test.test(type.cast(failure)),
                BAD_REQUEST,
                failure -> Optional.of(detail.apply(type.cast(failure))));
    }

    /** Whether this mapping is for {@code failure}. */
    public boolean matches(final Throwable failure) {
        return type.isInstance(failure) && test.test(failure);
    }

    /** Adds a mapping to the application's set. */
    public static LinkedBindingBuilder<ExceptionMapping> bind(final Binder binder) {
        return Multibinder.newSetBinder(binder, ExceptionMapping.class).addBinding();
    }
}
