package org.jzenith.examples.users.service;

import java.time.Instant;
import java.util.UUID;

/** A user as the service layer knows it. */
public record User(UUID id, String name, Instant createdAt) {}
