package org.jzenith.docs.rest.books;

/** Answered by NoSuchBookMapper, a provider of the application's. */
public final class NoSuchBookException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchBookException(final String isbn) {
        super("There is no book " + isbn);
    }
}
