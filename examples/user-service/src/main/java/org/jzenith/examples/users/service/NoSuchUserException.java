package org.jzenith.examples.users.service;

import java.util.UUID;

/** No user has the id asked for; the REST layer maps it to 404. */
public final class NoSuchUserException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public NoSuchUserException(final UUID id) {
        super("No user has the id " + id);
    }
}
