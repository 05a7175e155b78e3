package org.jzenith.rest.internal.server;

import io.vertx.core.http.HttpHeaders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.PathTemplate;

/**
 * The HTTP methods each path template answers, for the {@code Allow} header of 405 and OPTIONS
 * responses. Built once; matching a path is only done on those (rare) responses.
 *
 * <p>Immutable and thread-safe.
 */
public final class RouteTable {

    private record Entry(PathTemplate path, Pattern pattern, CharSequence allow) {}

    private final List<Entry> entries;

    private RouteTable(final List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public static RouteTable of(final List<EndpointDefinition> endpoints) {
        final Map<String, TreeSet<String>> methods = new LinkedHashMap<>();
        final Map<String, PathTemplate> paths = new LinkedHashMap<>();
        for (final EndpointDefinition endpoint : endpoints) {
            final String template = endpoint.path().template();
            paths.putIfAbsent(template, endpoint.path());
            final TreeSet<String> allowed = methods.computeIfAbsent(template, ignored -> new TreeSet<>());
            allowed.add(endpoint.httpMethod());
            if (endpoint.httpMethod().equals("GET")) {
                allowed.add("HEAD");
            }
            allowed.add("OPTIONS");
        }
        final List<Entry> entries = new ArrayList<>();
        methods.forEach((template, allowed) -> entries.add(new Entry(
                paths.get(template),
                paths.get(template).matcher(),
                HttpHeaders.createOptimized(String.join(", ", allowed)))));
        return new RouteTable(entries);
    }

    /** The {@code Allow} value for {@code path}, if some template matches it. */
    public Optional<CharSequence> allowFor(final String path) {
        for (final Entry entry : entries) {
            if (entry.pattern().matcher(path).matches()) {
                return Optional.of(entry.allow());
            }
        }
        return Optional.empty();
    }

    /** The {@code Allow} value of {@code template}. */
    public CharSequence allowOf(final PathTemplate template) {
        return entries.stream()
                .filter(entry -> entry.path().template().equals(template.template()))
                .map(Entry::allow)
                .findFirst()
                .orElseThrow();
    }
}
