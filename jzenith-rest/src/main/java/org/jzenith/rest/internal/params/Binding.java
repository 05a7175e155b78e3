package org.jzenith.rest.internal.params;

import java.util.Objects;

/**
 * The outcome of reading one parameter: a value, or why the request's input is invalid.
 *
 * <p>Bad input is an ordinary outcome on the request path, so it is returned rather than thrown.
 */
public sealed interface Binding permits Binding.Value, Binding.Invalid {

    /**
     * A successfully read value; {@code null} only for an absent non-primitive, non-collection, non-Optional
     * parameter without a default, as Jakarta REST prescribes.
     */
    record Value(Object value) implements Binding {}

    /** The request's input cannot be read as the parameter's type; the message is meant for API clients. */
    record Invalid(String message) implements Binding {
        public Invalid {
            Objects.requireNonNull(message, "message");
        }
    }

    /** A value binding, shared for common values (null, booleans, empty Optional, empty collections). */
    static Binding value(final Object value) {
        return SharedBindings.valueOf(value);
    }

    /** An invalid binding with a message for API clients. */
    static Binding invalid(final String message) {
        return new Invalid(message);
    }
}
