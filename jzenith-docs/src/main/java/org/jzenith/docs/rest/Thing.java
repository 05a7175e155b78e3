package org.jzenith.docs.rest;

import java.util.List;
import java.util.UUID;

/** What docs/rest.md's thing resources return. */
public record Thing(UUID id, String name, List<String> tags) {}
