package org.jzenith.docs.rest.inheritance;

import java.util.UUID;

/** What UserApi returns. */
public record User(UUID id, String name) {}
