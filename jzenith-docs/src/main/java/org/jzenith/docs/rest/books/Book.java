package org.jzenith.docs.rest.books;

/** What BookResource returns. */
public record Book(String isbn, String title) {}
