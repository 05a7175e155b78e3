package org.jzenith.docs.outbox;

import java.util.UUID;

/** The event the outbox example publishes. */
public record UserCreated(UUID id, String name) {}
