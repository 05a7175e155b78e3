package org.jzenith.rest.internal.binding;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.PathSegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.rest.internal.context.PercentDecoding;
import org.jzenith.rest.internal.context.RequestTarget;
import org.jzenith.rest.internal.context.VertxUriInfo;
import org.jzenith.rest.internal.model.PathTemplate;

/**
 * Parameter values as the client sent them, still percent-encoded, for {@code @Encoded}
 * parameters: read from the raw path and query, since Vert.x Web keeps decoded values only.
 */
final class EncodedValues {

    private EncodedValues() {}

    /** The raw value of path variable {@code name}. */
    static RawValue path(final PathTemplate template, final String name) {
        final Pattern pattern = Pattern.compile(template.regex());
        final String group = template.vertxName(name).orElseThrow();
        return context -> {
            final Matcher matcher =
                    pattern.matcher(RequestTarget.of(context.request()).path());
            return matcher.matches() ? matcher.group(group) : null;
        };
    }

    /** The raw values of query parameter {@code name} (names are compared decoded, as Jakarta REST says). */
    static RawValues query(final String name) {
        return context -> {
            final String raw = context.request().query();
            if (raw == null || raw.isEmpty()) {
                return List.of();
            }
            final String query = PercentDecoding.rawBytesAsUtf8(raw).orElse(raw);
            final List<String> values = new ArrayList<>();
            for (final String pair : query.split("&")) {
                final int equals = pair.indexOf('=');
                final String key = equals < 0 ? pair : pair.substring(0, equals);
                if (decode(key).equals(name)) {
                    values.add(equals < 0 ? "" : pair.substring(equals + 1));
                }
            }
            return values;
        };
    }

    /** The raw values of matrix parameter {@code name} on the request path's last segment. */
    static RawValues matrix(final String name) {
        return context -> {
            final List<PathSegment> segments = new VertxUriInfo(
                            RequestTarget.of(context.request()), Map.of(), () -> null, "")
                    .getPathSegments(false);
            if (segments.isEmpty()) {
                return List.of();
            }
            final List<String> values = segments.getLast().getMatrixParameters().get(name);
            return values == null ? List.of() : values;
        };
    }

    private static String decode(final String text) {
        return PercentDecoding.decode(text, true).orElse(text); // a malformed escape in a name: compare it as sent
    }

    /** One raw value of a request, {@code null} when absent. */
    @FunctionalInterface
    interface RawValue {
        String of(RoutingContext context);
    }

    /** The raw values of a request. */
    @FunctionalInterface
    interface RawValues {
        List<String> of(RoutingContext context);
    }
}
