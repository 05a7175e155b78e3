package org.jzenith.rest.internal.binding;

import org.jzenith.rest.internal.params.Binding;

/**
 * Turns a request body, captured on the event loop, into the value of a method's entity
 * parameter; never throws for bad input, which it reports as {@link Binding.Invalid}.
 *
 * <p>Immutable and thread-safe; called on the thread the method runs on.
 */
@FunctionalInterface
public interface EntityReader {

    /**
     * The value read from what the resolver captured: the body as a Vert.x buffer (empty when the
     * request had none), or, for a type a {@code MessageBodyReader} reads, the body with the
     * request's headers.
     */
    Binding read(Object captured);
}
