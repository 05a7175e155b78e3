package org.jzenith.docs.rest;

/** Mapped to 404 in docs/rest.md's "Errors". */
public class NoSuchThingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchThingException(final String message) {
        super(message);
    }
}
