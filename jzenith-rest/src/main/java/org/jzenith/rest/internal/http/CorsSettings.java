package org.jzenith.rest.internal.http;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.handler.CorsHandler;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jzenith.core.Validation;
import org.jzenith.rest.RestConfiguration;

/** Turns {@code rest.cors.*} into Vert.x Web's {@link CorsHandler}, and says what is wrong with them. */
public final class CorsSettings {

    private static final String ANY = "*";

    private CorsSettings() {}

    /** The handler {@code cors} configures; empty when no origin is allowed (CORS off). */
    public static Optional<CorsHandler> handler(final RestConfiguration.Cors cors) {
        final List<String> origins = cors.origins().orElse(List.of());
        final List<String> patterns = cors.originPatterns().orElse(List.of());
        if (origins.isEmpty() && patterns.isEmpty()) {
            return Optional.empty();
        }
        final CorsHandler handler = CorsHandler.create();
        origins.forEach(origin -> handler.addOrigin(origin.trim()));
        patterns.forEach(pattern -> handler.addOriginWithRegex(pattern.trim()));
        final LinkedHashSet<HttpMethod> methods = new LinkedHashSet<>();
        cors.methods().forEach(method -> methods.add(HttpMethod.valueOf(method.trim())));
        handler.allowedMethods(methods).allowCredentials(cors.credentials());
        cors.headers().ifPresent(headers -> handler.allowedHeaders(trimmed(headers)));
        cors.exposedHeaders().ifPresent(headers -> handler.exposedHeaders(trimmed(headers)));
        cors.maxAge().ifPresent(age -> handler.maxAgeSeconds((int) age.toSeconds()));
        return Optional.of(handler);
    }

    /** Reports what cannot work: {@code *} with credentials or beside other origins, bad origins or patterns. */
    public static void check(final RestConfiguration.Cors cors, final Validation validation) {
        final List<String> origins = cors.origins().orElse(List.of());
        final boolean any = origins.stream().anyMatch(origin -> origin.trim().equals(ANY));
        if (any && cors.credentials()) {
            validation.reject(
                    "rest.cors.origins",
                    "named origins where rest.cors.credentials is true: browsers refuse credentials with the"
                            + " origin *, so name the origins (or set rest.cors.credentials=false)");
        }
        if (any && (origins.size() > 1 || cors.originPatterns().isPresent())) {
            validation.reject(
                    "rest.cors.origins", "either * alone or named origins and patterns, not both: remove one");
        }
        for (final String origin : origins) {
            if (!origin.trim().equals(ANY) && !origin.trim().matches("[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#\\s]+")) {
                validation.reject(
                        "rest.cors.origins",
                        "origins such as https://app.example.com (scheme, host and port, no path); \"" + origin.trim()
                                + "\" is not one");
            }
        }
        cors.originPatterns().orElse(List.of()).forEach(pattern -> {
            try {
                Pattern.compile(pattern.trim());
            } catch (final PatternSyntaxException e) {
                validation.reject(
                        "rest.cors.origin-patterns",
                        "regular expressions; \"" + pattern.trim() + "\" is not one (" + e.getDescription() + ")");
            }
        });
    }

    private static LinkedHashSet<String> trimmed(final List<String> values) {
        final LinkedHashSet<String> set = new LinkedHashSet<>();
        values.forEach(value -> set.add(value.trim()));
        return set;
    }
}
