package org.jzenith.examples.users.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /users} and {@code PUT /users/{id}}. */
public record UserRequest(
        @NotNull @NotBlank @Size(min = 1, max = 100) String name) {}
