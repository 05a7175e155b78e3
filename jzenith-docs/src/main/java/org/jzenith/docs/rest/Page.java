package org.jzenith.docs.rest;

import java.util.List;

/** A page of things, as docs/rest.md's list methods return. */
public record Page(List<Thing> items, int limit) {}
