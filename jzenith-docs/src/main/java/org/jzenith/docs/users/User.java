package org.jzenith.docs.users;

import java.util.UUID;

/** The user the README's and docs/rest.md's resources return. */
public record User(UUID id, String name) {}
