package org.jzenith.benchmarks.quarkus;

/** The JSON test's message; a new one is serialized on every request, as the rules require. */
public record Message(String message) {}
