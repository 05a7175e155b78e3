package org.jzenith.docs.rest;

import jakarta.validation.constraints.NotBlank;

/** The body docs/rest.md's "Validation" names in a comment: record CreateThing(@NotBlank String name). */
public record CreateThing(@NotBlank String name) {}
