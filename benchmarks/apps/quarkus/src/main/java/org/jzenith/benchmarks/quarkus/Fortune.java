package org.jzenith.benchmarks.quarkus;

/** A row of the {@code fortune} table. */
public record Fortune(int id, String message) {}
