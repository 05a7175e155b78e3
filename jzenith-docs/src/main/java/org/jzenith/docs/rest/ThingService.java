package org.jzenith.docs.rest;

import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** In memory: docs/rest.md's snippets are about binding requests, not storage. */
@Singleton
public class ThingService {

    private final Map<UUID, Thing> things = new ConcurrentHashMap<>();

    public Thing create(final CreateThing request) {
        final Thing thing = new Thing(UUID.randomUUID(), request.name(), List.of());
        things.put(thing.id(), thing);
        return thing;
    }

    public Page list(final int limit) {
        return find(Optional.empty(), List.of(), Sort.ASC, limit);
    }

    public Page find(final Optional<String> query, final List<String> tags, final Sort sort, final int limit) {
        final Comparator<Thing> byName = Comparator.comparing(Thing::name);
        final List<Thing> found = new ArrayList<>(things.values().stream()
                .filter(thing -> query.map(thing.name()::contains).orElse(true))
                .filter(thing -> thing.tags().containsAll(tags))
                .sorted(sort == Sort.ASC ? byName : byName.reversed())
                .limit(limit)
                .toList());
        return new Page(found, limit);
    }
}
