package org.jzenith.benchmarks.quarkus;

/** A row of the {@code world} table. */
public record World(int id, int randomNumber) {}
