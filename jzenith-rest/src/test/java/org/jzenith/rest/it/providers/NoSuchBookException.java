package org.jzenith.rest.it.providers;

public final class NoSuchBookException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchBookException(final String id) {
        super("There is no book " + id);
    }
}
