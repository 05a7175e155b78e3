package org.jzenith.kafka;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.PositiveOrZero;

/** A JSON payload of the tests, with constraints. */
public record Order(@NotBlank String id, @PositiveOrZero int quantity) {}
