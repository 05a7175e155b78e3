package org.jzenith.docs.rest;

/** A subclass of NoSuchThingException with a mapping of its own (410), in docs/rest.md's "Errors". */
public final class ThingGoneException extends NoSuchThingException {

    private static final long serialVersionUID = 1L;

    public ThingGoneException(final String message) {
        super(message);
    }
}
