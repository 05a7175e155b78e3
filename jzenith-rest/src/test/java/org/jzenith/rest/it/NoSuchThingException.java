package org.jzenith.rest.it;

public class NoSuchThingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchThingException(final String message) {
        super(message);
    }
}
