package org.jzenith.rest.internal.binding;

import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.context.PercentDecoding;
import org.jzenith.rest.internal.params.Binding;

/**
 * A request's query parameters, decoded once per request and shared by its {@code @QueryParam}
 * resolvers. Vert.x Web's {@code queryParams()} throws on a malformed escape ({@code ?%},
 * {@code ?a=%zz}), which answered 500 with a stack trace in the log: here such a query is a 400
 * that says what to fix.
 *
 * <p>Called on the request's event loop.
 */
final class QueryParameters {

    private static final String KEY = QueryParameters.class.getName();

    /** Decoded name to decoded values; empty, with what is wrong, when the query string cannot be decoded. */
    private record Parsed(Optional<Map<String, List<String>>> parameters, String problem) {}

    private QueryParameters() {}

    /** The resolver of query parameter {@code name}'s values, an invalid binding for a malformed query. */
    static Binding values(final RoutingContext context, final String name, final ValuesReader reader) {
        final Optional<Map<String, List<String>>> parameters = parsed(context).parameters();
        if (parameters.isEmpty()) {
            return Binding.invalid(parsed(context).problem());
        }
        return reader.read(parameters.get().getOrDefault(name, List.of()));
    }

    /** Reads the values of one parameter into its binding. */
    @FunctionalInterface
    interface ValuesReader {
        Binding read(List<String> values);
    }

    private static Parsed parsed(final RoutingContext context) {
        final Parsed cached = context.get(KEY);
        if (cached != null) {
            return cached;
        }
        final Parsed parsed = parse(Optional.ofNullable(context.request().query()));
        context.put(KEY, parsed);
        return parsed;
    }

    private static Parsed parse(final Optional<String> raw) {
        final Optional<String> query = raw.map(PercentDecoding::rawBytesAsUtf8).orElse(Optional.of(""));
        if (query.isEmpty()) {
            return new Parsed(
                    Optional.empty(),
                    "The query string holds bytes that are not percent-encoded and not UTF-8: percent-encode"
                            + " its UTF-8 bytes (%C3%A9 for \u00e9)");
        }
        final Optional<Map<String, List<String>>> parameters = parse(query.get());
        return new Parsed(parameters, parameters.isEmpty() ? malformed(query.get()) : "");
    }

    private static Optional<Map<String, List<String>>> parse(final String query) {
        if (query == null || query.isEmpty()) {
            return Optional.of(Map.of());
        }
        final Map<String, List<String>> parameters = new HashMap<>();
        int start = 0;
        while (start <= query.length()) {
            final int ampersand = query.indexOf('&', start);
            final int end = ampersand < 0 ? query.length() : ampersand;
            if (end > start) {
                final int equals = query.indexOf('=', start);
                final boolean hasValue = equals >= 0 && equals < end;
                final Optional<String> name =
                        PercentDecoding.decode(query.substring(start, hasValue ? equals : end), true);
                final Optional<String> value =
                        hasValue ? PercentDecoding.decode(query.substring(equals + 1, end), true) : Optional.of("");
                if (name.isEmpty() || value.isEmpty()) {
                    return Optional.empty();
                }
                parameters
                        .computeIfAbsent(name.get(), key -> new ArrayList<>(1))
                        .add(value.get());
            }
            start = end + 1;
        }
        return Optional.of(parameters);
    }

    private static String malformed(final String query) {
        return "The query string has a malformed percent-escape"
                + PercentDecoding.firstMalformedEscape(query)
                        .map(escape -> " (\"" + escape + "\")")
                        .orElse("")
                + ": a percent-escape is % and two hex digits, and a literal % is written %25";
    }
}
