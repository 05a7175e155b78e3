package org.jzenith.rest.it.converters;

/** A type no converter provider handles. */
public record Opaque(int value) {}
