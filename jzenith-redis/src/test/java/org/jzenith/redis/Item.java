package org.jzenith.redis;

/** A value the tests store as JSON. */
record Item(String name, int count) {}
