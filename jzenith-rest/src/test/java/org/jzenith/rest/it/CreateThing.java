package org.jzenith.rest.it;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

public record CreateThing(@NotBlank @Size(max = 100) String name, int size) {}
