package org.jzenith.docs.rest.application;

/** What OrderResource returns. */
public record Order(String id) {}
