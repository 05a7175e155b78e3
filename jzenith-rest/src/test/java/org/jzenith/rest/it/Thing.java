package org.jzenith.rest.it;

import java.util.UUID;

public record Thing(UUID id, String name, String thread) {}
