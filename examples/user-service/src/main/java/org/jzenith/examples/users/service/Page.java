package org.jzenith.examples.users.service;

import java.util.List;

/** One page of a listing: the items, where it starts, how long it may be, and how many there are in all. */
public record Page<T>(List<T> items, int offset, int limit, long total) {

    public Page {
        items = List.copyOf(items);
    }
}
