package org.jzenith.rest.internal.context;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The {@link Request} a {@code @Context Request} parameter gets: the method and the headers that
 * conditional requests and negotiation read, copied on the event loop, so that it works on any
 * thread. Preconditions are evaluated as RFC 9110 section 13.2.2 orders them: {@code If-Match}
 * (strong comparison), else {@code If-Unmodified-Since}; then {@code If-None-Match} (weak
 * comparison), else {@code If-Modified-Since} for GET and HEAD. A date that cannot be parsed is
 * ignored, as the RFC says.
 *
 * <p>Immutable and thread-safe.
 */
public final class RequestPreconditions implements Request {

    private final String method;
    private final Optional<String> ifMatch;
    private final Optional<String> ifNoneMatch;
    private final Optional<Instant> ifModifiedSince;
    private final Optional<Instant> ifUnmodifiedSince;
    private final VertxHttpHeaders negotiation;

    private RequestPreconditions(final String method, final MultiMap headers) {
        this.method = method;
        this.ifMatch = Optional.ofNullable(headers.get(HttpHeaders.IF_MATCH));
        this.ifNoneMatch = Optional.ofNullable(headers.get(HttpHeaders.IF_NONE_MATCH));
        this.ifModifiedSince = date(headers.get(HttpHeaders.IF_MODIFIED_SINCE));
        this.ifUnmodifiedSince = date(headers.get("If-Unmodified-Since"));
        final MultiMap accepts = MultiMap.caseInsensitiveMultiMap();
        for (final String name : List.of("Accept", "Accept-Language", "Accept-Encoding")) {
            accepts.add(name, headers.getAll(name));
        }
        this.negotiation = new VertxHttpHeaders(accepts);
    }

    /** The request's method and conditional and {@code Accept*} headers, copied now. */
    public static RequestPreconditions of(final String method, final MultiMap headers) {
        return new RequestPreconditions(method, headers);
    }

    @Override
    public String getMethod() {
        return method;
    }

    /**
     * {@inheritDoc} The first variant, in the order given, whose media type the request accepts at
     * the highest quality, then whose language; encodings are not negotiated.
     */
    @Override
    public Variant selectVariant(final List<Variant> variants) {
        if (variants == null || variants.isEmpty()) {
            throw new IllegalArgumentException("variants is empty");
        }
        final List<jakarta.ws.rs.core.MediaType> acceptedTypes = negotiation.getAcceptableMediaTypes();
        final List<Locale> acceptedLanguages = negotiation.getAcceptableLanguages();
        Variant best = null;
        int bestType = Integer.MAX_VALUE;
        int bestLanguage = Integer.MAX_VALUE;
        for (final Variant variant : variants) {
            final int type = variant.getMediaType() == null
                    ? acceptedTypes.size()
                    : indexOf(acceptedTypes, accepted -> accepted.isCompatible(variant.getMediaType()));
            final int language = variant.getLanguage() == null
                    ? acceptedLanguages.size()
                    : indexOf(
                            acceptedLanguages,
                            accepted -> accepted.getLanguage().equals("*")
                                    || accepted.getLanguage()
                                            .equalsIgnoreCase(
                                                    variant.getLanguage().getLanguage()));
            if (type < 0 || language < 0) {
                continue;
            }
            if (type < bestType || (type == bestType && language < bestLanguage)) {
                best = variant;
                bestType = type;
                bestLanguage = language;
            }
        }
        return best;
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(final EntityTag eTag) {
        Objects.requireNonNull(eTag, "eTag");
        return evaluate(Optional.of(eTag), Optional.empty());
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(final Date lastModified) {
        Objects.requireNonNull(lastModified, "lastModified");
        return evaluate(Optional.empty(), Optional.of(lastModified.toInstant()));
    }

    @Override
    public Response.ResponseBuilder evaluatePreconditions(final Date lastModified, final EntityTag eTag) {
        Objects.requireNonNull(lastModified, "lastModified");
        Objects.requireNonNull(eTag, "eTag");
        return evaluate(Optional.of(eTag), Optional.of(lastModified.toInstant()));
    }

    /** {@inheritDoc} For a resource that does not exist: any {@code If-Match} fails. */
    @Override
    public Response.ResponseBuilder evaluatePreconditions() {
        return ifMatch.isPresent() ? Response.status(Response.Status.PRECONDITION_FAILED) : null;
    }

    private Response.ResponseBuilder evaluate(final Optional<EntityTag> tag, final Optional<Instant> modified) {
        if (ifMatch.isPresent()) {
            if (tag.isEmpty() || !matches(ifMatch.get(), tag.get(), true)) {
                return Response.status(Response.Status.PRECONDITION_FAILED);
            }
        } else if (ifUnmodifiedSince.isPresent()
                && modified.isPresent()
                && seconds(modified.get()) > seconds(ifUnmodifiedSince.get())) {
            return Response.status(Response.Status.PRECONDITION_FAILED);
        }
        final boolean safe = method.equals("GET") || method.equals("HEAD");
        if (ifNoneMatch.isPresent()) {
            if (tag.isPresent() && matches(ifNoneMatch.get(), tag.get(), false)) {
                return safe ? notModified(tag) : Response.status(Response.Status.PRECONDITION_FAILED);
            }
        } else if (safe
                && ifModifiedSince.isPresent()
                && modified.isPresent()
                && seconds(modified.get()) <= seconds(ifModifiedSince.get())) {
            return notModified(tag);
        }
        return null;
    }

    private static Response.ResponseBuilder notModified(final Optional<EntityTag> tag) {
        final Response.ResponseBuilder builder = Response.notModified();
        tag.ifPresent(builder::tag);
        return builder;
    }

    /** Whether {@code header} ({@code *} or a list of entity tags) matches {@code tag}. */
    private static boolean matches(final String header, final EntityTag tag, final boolean strong) {
        if (header.trim().equals("*")) {
            return true;
        }
        if (strong && tag.isWeak()) {
            return false;
        }
        for (final EntityTag candidate : tags(header)) {
            if (candidate.getValue().equals(tag.getValue()) && (!strong || !candidate.isWeak())) {
                return true;
            }
        }
        return false;
    }

    /** The entity tags of a header: {@code "a", W/"b"}; what cannot be read is left out. */
    private static List<EntityTag> tags(final String header) {
        final List<EntityTag> tags = new ArrayList<>();
        int i = 0;
        while (i < header.length()) {
            final boolean weak = header.startsWith("W/", i);
            final int open = header.indexOf('"', i);
            if (open < 0) {
                break;
            }
            final int close = header.indexOf('"', open + 1);
            if (close < 0) {
                break;
            }
            tags.add(new EntityTag(header.substring(open + 1, close), weak && open == i + 2));
            final int comma = header.indexOf(',', close);
            i = comma < 0 ? header.length() : comma + 1;
            while (i < header.length() && header.charAt(i) == ' ') {
                i++;
            }
        }
        return tags;
    }

    private static Optional<Instant> date(final String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant());
        } catch (final DateTimeParseException e) {
            return Optional.empty(); // RFC 9110: an invalid date is ignored (start-up of a rare path, not hot)
        }
    }

    private static long seconds(final Instant instant) {
        return instant.getEpochSecond(); // HTTP dates have whole seconds
    }

    private static <T> int indexOf(final List<T> list, final Predicate<T> test) {
        for (int i = 0; i < list.size(); i++) {
            if (test.test(list.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
