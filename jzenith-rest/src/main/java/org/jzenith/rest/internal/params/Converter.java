package org.jzenith.rest.internal.params;

/**
 * Converts one raw string to one value of a single (non-container) type.
 *
 * <p>Failure is signalled by returning {@link #FAILED} instead of throwing or allocating a result wrapper, because
 * converters run for every parameter of every request.
 */
@FunctionalInterface
interface Converter {

    /** The marker a converter returns when the raw string is not a valid value of its type. */
    Object FAILED = new Object() {
        @Override
        public String toString() {
            return "FAILED";
        }
    };

    /** The converted value (never null), or {@link #FAILED}. */
    Object convert(String raw);
}
