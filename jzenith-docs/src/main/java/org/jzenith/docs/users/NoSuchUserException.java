package org.jzenith.docs.users;

import java.util.UUID;

/** Mapped to 404 in docs/rest.md's "Getting started". */
public final class NoSuchUserException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchUserException(final UUID id) {
        super("There is no user " + id);
    }
}
