package org.jzenith.rest.internal.context;

import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.vertx.core.MultiMap;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * {@link HttpHeaders} over the headers of one Vert.x request, injected where a resource method declares {@code @Context
 * HttpHeaders}. A method that runs off the event loop gets a copy of the headers made there.
 *
 * <p>It is created per request only when a resource method asks for it, so construction does nothing: every view is
 * parsed on first use and cached. Malformed header values are treated as absent rather than failing the request. Not
 * thread-safe; use it within the request it was created for.
 */
public final class VertxHttpHeaders implements HttpHeaders {

    private static final List<MediaType> ANY_MEDIA_TYPE = List.of(MediaType.WILDCARD_TYPE);

    // Locale.forLanguageTag cannot express the wildcard; the spec asks for a locale whose language is "*".
    private static final List<Locale> ANY_LANGUAGE = List.of(Locale.of("*"));

    private static final String QUALITY = "q";

    private final MultiMap headers;

    private MultivaluedMap<String, String> requestHeaders;
    private List<MediaType> acceptableMediaTypes;
    private List<Locale> acceptableLanguages;
    private Map<String, Cookie> cookies;
    private MediaType mediaType;
    private boolean mediaTypeParsed;
    private Date date;
    private boolean dateParsed;

    public VertxHttpHeaders(final MultiMap headers) {
        this.headers = Objects.requireNonNull(headers, "headers");
    }

    /** {@inheritDoc} Returns {@code null} when the header is absent, as {@code getRequestHeaders().get(name)} does. */
    @Override
    public List<String> getRequestHeader(final String name) {
        final List<String> values = headers.getAll(name);
        return values.isEmpty() ? null : List.copyOf(values);
    }

    @Override
    public String getHeaderString(final String name) {
        final List<String> values = headers.getAll(name);
        return values.isEmpty() ? null : String.join(",", values);
    }

    @Override
    public boolean containsHeaderString(
            final String name, final String valueSeparatorRegex, final Predicate<String> valuePredicate) {
        for (final String value : headers.getAll(name)) {
            for (final String item : value.split(valueSeparatorRegex)) {
                if (valuePredicate.test(item.trim())) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public MultivaluedMap<String, String> getRequestHeaders() {
        if (requestHeaders == null) {
            final Map<String, List<String>> collected = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (final Map.Entry<String, String> header : headers) {
                collected
                        .computeIfAbsent(header.getKey(), key -> new ArrayList<>(1))
                        .add(header.getValue());
            }
            requestHeaders = ImmutableMultivaluedMap.caseInsensitiveCopyOf(collected);
        }
        return requestHeaders;
    }

    @Override
    public List<MediaType> getAcceptableMediaTypes() {
        if (acceptableMediaTypes == null) {
            acceptableMediaTypes = parseAccept(headers.getAll(ACCEPT));
        }
        return acceptableMediaTypes;
    }

    @Override
    public List<Locale> getAcceptableLanguages() {
        if (acceptableLanguages == null) {
            acceptableLanguages = parseAcceptLanguage(headers.getAll(ACCEPT_LANGUAGE));
        }
        return acceptableLanguages;
    }

    @Override
    public MediaType getMediaType() {
        if (!mediaTypeParsed) {
            mediaType = parseMediaType(headers.get(CONTENT_TYPE));
            mediaTypeParsed = true;
        }
        return mediaType;
    }

    @Override
    public Locale getLanguage() {
        final String header = headers.get(CONTENT_LANGUAGE);
        if (header == null) {
            return null;
        }
        // Content-Language may list several languages; the entity's primary language comes first.
        final int comma = header.indexOf(',');
        return toLocale(comma < 0 ? header : header.substring(0, comma));
    }

    @Override
    public Map<String, Cookie> getCookies() {
        if (cookies == null) {
            cookies = parseCookies(headers.getAll(COOKIE));
        }
        return cookies;
    }

    @Override
    public Date getDate() {
        if (!dateParsed) {
            date = parseDate(headers.get(DATE));
            dateParsed = true;
        }
        return date == null ? null : (Date) date.clone();
    }

    @Override
    public int getLength() {
        final String header = headers.get(CONTENT_LENGTH);
        if (header == null) {
            return -1;
        }
        try {
            final int length = Integer.parseInt(header.trim());
            return length < 0 ? -1 : length;
        } catch (final NumberFormatException e) {
            return -1;
        }
    }

    private static List<MediaType> parseAccept(final List<String> headers) {
        if (headers.isEmpty()) {
            return ANY_MEDIA_TYPE;
        }
        final List<Weighted<MediaType>> weighted = new ArrayList<>();
        boolean refused = false;
        for (final String header : headers) {
            for (final String item : splitList(header)) {
                final MediaType parsed = parseMediaType(item);
                final double quality =
                        parsed == null ? -1 : quality(parsed.getParameters().get(QUALITY));
                if (quality > 0) {
                    weighted.add(new Weighted<>(withoutQuality(parsed), quality));
                }
                refused |= quality == 0;
            }
        }
        if (weighted.isEmpty()) {
            // Only q=0 entries: the client refuses everything it named. Only unreadable entries: as if absent.
            return refused ? List.of() : ANY_MEDIA_TYPE;
        }
        // List.sort is stable, so equally ranked types keep the client's order.
        weighted.sort(Comparator.<Weighted<MediaType>>comparingDouble(Weighted::quality)
                .reversed()
                .thenComparing(Comparator.comparingInt((Weighted<MediaType> entry) -> specificity(entry.value()))
                        .reversed()));
        return weighted.stream().map(Weighted::value).toList();
    }

    /** n/m;p is more specific than n/m, which is more specific than n/*, which is more specific than *&#47;*. */
    private static int specificity(final MediaType type) {
        final int rank;
        if (type.isWildcardType()) {
            rank = 0;
        } else if (type.isWildcardSubtype()) {
            rank = 1;
        } else {
            rank = 2;
        }
        return rank * 1000 + Math.min(type.getParameters().size(), 999);
    }

    private static MediaType withoutQuality(final MediaType type) {
        if (!type.getParameters().containsKey(QUALITY)) {
            return type;
        }
        final Map<String, String> parameters = new LinkedHashMap<>(type.getParameters());
        parameters.remove(QUALITY);
        return new MediaType(type.getType(), type.getSubtype(), parameters);
    }

    private static List<Locale> parseAcceptLanguage(final List<String> headers) {
        if (headers.isEmpty()) {
            return ANY_LANGUAGE;
        }
        final List<Weighted<Locale>> weighted = new ArrayList<>();
        boolean refused = false;
        for (final String header : headers) {
            for (final String item : splitList(header)) {
                final int semicolon = item.indexOf(';');
                final String tag = semicolon < 0 ? item : item.substring(0, semicolon);
                final Locale locale = "*".equals(tag.trim()) ? ANY_LANGUAGE.getFirst() : toLocale(tag);
                final double quality = locale == null
                        ? -1
                        : quality(semicolon < 0 ? null : qualityParameter(item.substring(semicolon + 1)));
                if (quality > 0) {
                    weighted.add(new Weighted<>(locale, quality));
                }
                refused |= quality == 0;
            }
        }
        if (weighted.isEmpty()) {
            return refused ? List.of() : ANY_LANGUAGE;
        }
        weighted.sort(
                Comparator.<Weighted<Locale>>comparingDouble(Weighted::quality).reversed());
        return weighted.stream().map(Weighted::value).toList();
    }

    /** The q value among {@code ;}-separated {@code name=value} parameters, or {@code null} when there is none. */
    private static String qualityParameter(final String parameters) {
        for (final String parameter : parameters.split(";")) {
            final int equals = parameter.indexOf('=');
            if (equals > 0
                    && QUALITY.equalsIgnoreCase(parameter.substring(0, equals).trim())) {
                return parameter.substring(equals + 1).trim();
            }
        }
        return null;
    }

    /** A q value in [0, 1]; an absent one counts as 1, an unreadable one as -1 so that its entry is dropped. */
    private static double quality(final String value) {
        if (value == null) {
            return 1.0;
        }
        try {
            final double quality = Double.parseDouble(value.trim());
            return quality >= 0 && quality <= 1 ? quality : -1;
        } catch (final NumberFormatException e) {
            return -1;
        }
    }

    /** Splits a comma-separated header list, leaving commas inside quoted strings alone. */
    private static List<String> splitList(final String header) {
        final List<String> items = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < header.length(); i++) {
            final char c = header.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted) {
                i++;
            } else if (c == ',' && !quoted) {
                addItem(items, header.substring(start, i));
                start = i + 1;
            }
        }
        addItem(items, header.substring(start));
        return items;
    }

    private static void addItem(final List<String> items, final String item) {
        final String trimmed = item.trim();
        if (!trimmed.isEmpty()) {
            items.add(trimmed);
        }
    }

    private static MediaType parseMediaType(final String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return MediaType.valueOf(value.trim());
        } catch (final IllegalArgumentException e) {
            return null;
        }
    }

    private static Locale toLocale(final String tag) {
        final String trimmed = tag.trim();
        if (trimmed.isEmpty()) {
            return null;
        }
        final Locale locale = Locale.forLanguageTag(trimmed);
        return locale.getLanguage().isEmpty() ? null : locale;
    }

    private static Map<String, Cookie> parseCookies(final List<String> headers) {
        if (headers.isEmpty()) {
            return Map.of();
        }
        final Map<String, Cookie> parsed = new LinkedHashMap<>();
        for (final String header : headers) {
            // Vert.x's own cookie view also holds cookies the response has set, so the header is decoded here.
            for (final io.netty.handler.codec.http.cookie.Cookie cookie : ServerCookieDecoder.LAX.decodeAll(header)) {
                // RFC 6265: user agents send the cookie with the most specific path first.
                parsed.putIfAbsent(
                        cookie.name(),
                        new Cookie.Builder(cookie.name()).value(cookie.value()).build());
            }
        }
        return Collections.unmodifiableMap(parsed);
    }

    private static Date parseDate(final String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return RuntimeDelegate.getInstance()
                    .createHeaderDelegate(Date.class)
                    .fromString(value.trim());
        } catch (final RuntimeException e) {
            return null;
        }
    }

    private record Weighted<T>(T value, double quality) {}
}
