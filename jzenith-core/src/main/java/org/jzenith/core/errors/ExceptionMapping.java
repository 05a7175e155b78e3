package org.jzenith.core.errors;

import com.google.inject.Binder;
import com.google.inject.binder.LinkedBindingBuilder;
import com.google.inject.multibindings.Multibinder;

/**
 * Says which status an exception type stands for, so that a plugin can teach the HTTP layer about
 * its own failures without depending on it: the JDBC plugin maps "cannot get a connection" to 503.
 * The REST plugin applies these after the application's own {@code withMapping}s, to the exception
 * and to its causes.
 *
 * <pre>{@code
 * ExceptionMapping.bind(binder()).toInstance(ExceptionMapping.of(SQLTransientConnectionException.class, 503));
 * }</pre>
 *
 * @param type the exception type (subclasses match too; the most specific mapping wins)
 * @param status the HTTP status, 400 to 599
 */
public record ExceptionMapping(Class<? extends Throwable> type, int status) {

    public ExceptionMapping {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("ExceptionMapping of " + type.getSimpleName() + " to " + status
                    + ": the status must be 400 to 599");
        }
    }

    public static ExceptionMapping of(final Class<? extends Throwable> type, final int status) {
        return new ExceptionMapping(type, status);
    }

    /** Adds a mapping to the application's set. */
    public static LinkedBindingBuilder<ExceptionMapping> bind(final Binder binder) {
        return Multibinder.newSetBinder(binder, ExceptionMapping.class).addBinding();
    }
}
