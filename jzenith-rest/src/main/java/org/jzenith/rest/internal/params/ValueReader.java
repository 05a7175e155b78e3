package org.jzenith.rest.internal.params;

import java.util.List;

/**
 * Reads one parameter's Java value from all raw strings the request carries for it.
 *
 * <p>Compiled once per parameter at start-up by {@link ValueReaders}, so the request path does no type analysis;
 * immutable and thread-safe.
 */
@FunctionalInterface
public interface ValueReader {

    /**
     * Reads the parameter.
     *
     * @param rawValues the values in request order; empty when the parameter is absent. Never throws for bad input.
     * @return the value, or why the input is invalid
     */
    Binding read(List<String> rawValues);
}
