package org.jzenith.rest.internal.filters;

import io.vertx.core.MultiMap;
import jakarta.ws.rs.core.AbstractMultivaluedMap;
import java.io.Serial;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A mutable, case-insensitive header map that filters read and change; copied from the Vert.x
 * headers before the filters run and written back after them.
 */
public final class HeaderMap<V> extends AbstractMultivaluedMap<String, V> {

    @Serial
    private static final long serialVersionUID = 1L;

    private HeaderMap() {
        super(new TreeMap<>(String.CASE_INSENSITIVE_ORDER));
    }

    /** An empty, case-insensitive map of header values as text. */
    public static HeaderMap<String> ofStrings() {
        return new HeaderMap<>();
    }

    static HeaderMap<String> ofStrings(final MultiMap headers) {
        final HeaderMap<String> map = new HeaderMap<>();
        headers.forEach(header -> map.add(header.getKey(), header.getValue()));
        return map;
    }

    static HeaderMap<Object> ofObjects(final MultiMap headers) {
        final HeaderMap<Object> map = new HeaderMap<>();
        headers.forEach(header -> map.add(header.getKey(), header.getValue()));
        return map;
    }

    /** Replaces every header of {@code target} with this map's, each value written as HTTP writes it. */
    void writeTo(final MultiMap target) {
        target.clear();
        for (final Map.Entry<String, List<V>> header : entrySet()) {
            final List<String> values = new ArrayList<>(header.getValue().size());
            for (final V value : header.getValue()) {
                if (value != null) {
                    values.add(asHeaderValue(value));
                }
            }
            if (!values.isEmpty()) {
                target.set(header.getKey(), values);
            }
        }
    }

    /**
     * Whether any of a header's {@code values}, split by {@code separatorRegex} and trimmed,
     * satisfies {@code predicate}; false for an absent header ({@code null}).
     */
    static boolean anyValue(final List<?> values, final String separatorRegex, final Predicate<String> predicate) {
        if (values == null) {
            return false;
        }
        for (final Object value : values) {
            for (final String item : String.valueOf(value).split(separatorRegex)) {
                if (predicate.test(item.trim())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A header value as text: dates in the HTTP format, the rest (media types, tags, cookies) as they print. */
    static String asHeaderValue(final Object value) {
        if (value instanceof Date date) {
            return DateTimeFormatter.RFC_1123_DATE_TIME.format(date.toInstant().atZone(ZoneOffset.UTC));
        }
        return value.toString();
    }
}
