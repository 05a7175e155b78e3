package org.jzenith.docs.rest.application;

/** Answered by NoSuchOrderMapper, which ShopApplication lists. */
public final class NoSuchOrderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchOrderException(final String id) {
        super("There is no order " + id);
    }
}
