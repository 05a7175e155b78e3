package org.jzenith.rest.it.application;

import java.util.Map;
import java.util.Optional;

/** A service the resource takes in its constructor; Guice makes it. */
public class Orders {

    private final Map<String, String> byId = Map.of("1", "a book");

    public Optional<String> find(final String id) {
        return Optional.ofNullable(byId.get(id));
    }
}
