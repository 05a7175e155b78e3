package org.jzenith.rest.internal.errors;

/** One failed constraint: the field or parameter it applies to, and the message. */
public record Violation(String field, String message) {}
