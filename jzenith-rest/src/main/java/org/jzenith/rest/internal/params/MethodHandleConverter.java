package org.jzenith.rest.internal.params;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * Runs a user-defined factory ({@code valueOf}, {@code fromString}, {@code parse} or a String constructor) through a
 * method handle prepared at start-up, turning whatever it throws for bad input into {@link #FAILED}.
 *
 * <p>A factory that returns null is treated as rejecting the input, so Optional and collection values never hold
 * nulls.
 */
final class MethodHandleConverter implements Converter {

    private static final MethodType STRING_TO_OBJECT = MethodType.methodType(Object.class, String.class);

    private final MethodHandle factory;

    /** @param factory takes one String (or CharSequence) and returns the value */
    MethodHandleConverter(final MethodHandle factory) {
        this.factory = factory.asType(STRING_TO_OBJECT);
    }

    @Override
    public Object convert(final String raw) {
        final Object value;
        try {
            value = (Object) factory.invokeExact(raw);
        } catch (final Error e) {
            throw e; // not about the input: out of memory, linkage problems, ...
        } catch (final Throwable e) {
            // Checked exceptions count too: e.g. a constructor declaring URISyntaxException.
            return FAILED;
        }
        return value == null ? FAILED : value;
    }
}
