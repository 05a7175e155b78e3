package org.jzenith.rest.it.bodies;

/** A person, read from and written as CSV by the application's own providers. */
public record Person(String name, int age) {}
