package org.jzenith.rest.it.application;

public class NoSuchOrderException extends RuntimeException {

    public NoSuchOrderException(final String id) {
        super("There is no order " + id);
    }
}
