package org.jzenith.rest.it;

/** A subclass with a mapping of its own: the most specific mapping wins. */
public class ThingGoneException extends NoSuchThingException {

    private static final long serialVersionUID = 1L;

    public ThingGoneException(final String message) {
        super(message);
    }
}
