package org.jzenith.rest.internal.context;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.glassfish.jersey.uri.UriComponent;

/**
 * {@link UriInfo} for one matched request, injected where a resource method declares {@code @Context UriInfo}.
 *
 * <p>The base URI is the root of the server as the client addressed it ({@code scheme://host[:port]/}, taken from the
 * Host header or HTTP/2 authority), so {@link #getPath()} is the request path without its leading slash, as in the
 * reference implementation. It is made from a {@link RequestTarget} copied on the event loop, so a method on a virtual
 * thread can use it. Everything is computed on first use and cached. Not thread-safe; use it within the request it was
 * created for.
 */
public final class VertxUriInfo implements UriInfo {

    private final RequestTarget request;
    private final Map<String, String> pathParameters;
    private final Supplier<Object> matchedResource;
    private final String matchedTemplate;

    private String rawPath;
    private String decodedPath;
    private URI baseUri;
    private URI absolutePath;
    private URI requestUri;
    private List<PathSegment> rawSegments;
    private List<PathSegment> decodedSegments;
    private MultivaluedMap<String, String> rawPathParameters;
    private MultivaluedMap<String, String> decodedPathParameters;
    private MultivaluedMap<String, String> rawQueryParameters;
    private MultivaluedMap<String, String> decodedQueryParameters;

    /**
     * @param request where the request was sent
     * @param pathParameters the matched path template parameters (name to raw, still percent-encoded value as in the
     *     path; note that Vert.x Web's {@code pathParams()} holds decoded values)
     * @param matchedResource the resource instance that handles the request, asked for when needed
     * @param matchedTemplate the full path template matched, e.g. {@code /users/{id}}
     */
    public VertxUriInfo(
            final RequestTarget request,
            final Map<String, String> pathParameters,
            final Supplier<Object> matchedResource,
            final String matchedTemplate) {
        this.request = Objects.requireNonNull(request, "request");
        this.pathParameters = Objects.requireNonNull(pathParameters, "pathParameters");
        this.matchedResource = Objects.requireNonNull(matchedResource, "matchedResource");
        this.matchedTemplate = Objects.requireNonNull(matchedTemplate, "matchedTemplate");
    }

    @Override
    public String getPath() {
        return getPath(true);
    }

    @Override
    public String getPath(final boolean decode) {
        if (!decode) {
            return rawPath();
        }
        if (decodedPath == null) {
            decodedPath = decode(rawPath(), false);
        }
        return decodedPath;
    }

    @Override
    public List<PathSegment> getPathSegments() {
        return getPathSegments(true);
    }

    @Override
    public List<PathSegment> getPathSegments(final boolean decode) {
        if (decode) {
            if (decodedSegments == null) {
                decodedSegments = segments(true);
            }
            return decodedSegments;
        }
        if (rawSegments == null) {
            rawSegments = segments(false);
        }
        return rawSegments;
    }

    @Override
    public URI getRequestUri() {
        if (requestUri == null) {
            final String query = PercentDecoding.rawBytesAsUtf8(request.query()).orElse(request.query());
            requestUri = query.isEmpty()
                    ? getAbsolutePath()
                    : URI.create(
                            getAbsolutePath() + "?" + UriComponent.contextualEncode(query, UriComponent.Type.QUERY));
        }
        return requestUri;
    }

    @Override
    public UriBuilder getRequestUriBuilder() {
        return UriBuilder.fromUri(getRequestUri());
    }

    @Override
    public URI getAbsolutePath() {
        if (absolutePath == null) {
            // Vert.x passes on characters a URI may not hold (such as '|'); encode those, keep existing escapes.
            absolutePath = URI.create(getBaseUri() + UriComponent.contextualEncode(rawPath(), UriComponent.Type.PATH));
        }
        return absolutePath;
    }

    @Override
    public UriBuilder getAbsolutePathBuilder() {
        return UriBuilder.fromUri(getAbsolutePath());
    }

    @Override
    public URI getBaseUri() {
        if (baseUri == null) {
            baseUri = computeBaseUri();
        }
        return baseUri;
    }

    @Override
    public UriBuilder getBaseUriBuilder() {
        return UriBuilder.fromUri(getBaseUri());
    }

    @Override
    public MultivaluedMap<String, String> getPathParameters() {
        return getPathParameters(true);
    }

    @Override
    public MultivaluedMap<String, String> getPathParameters(final boolean decode) {
        if (decode) {
            if (decodedPathParameters == null) {
                decodedPathParameters = pathParameters(true);
            }
            return decodedPathParameters;
        }
        if (rawPathParameters == null) {
            rawPathParameters = pathParameters(false);
        }
        return rawPathParameters;
    }

    @Override
    public MultivaluedMap<String, String> getQueryParameters() {
        return getQueryParameters(true);
    }

    @Override
    public MultivaluedMap<String, String> getQueryParameters(final boolean decode) {
        if (decode) {
            if (decodedQueryParameters == null) {
                decodedQueryParameters = queryParameters(true);
            }
            return decodedQueryParameters;
        }
        if (rawQueryParameters == null) {
            rawQueryParameters = queryParameters(false);
        }
        return rawQueryParameters;
    }

    @Override
    public List<String> getMatchedURIs() {
        return getMatchedURIs(true);
    }

    /** {@inheritDoc} A resource is matched by one full template, so the single entry is the whole request path. */
    @Override
    public List<String> getMatchedURIs(final boolean decode) {
        return List.of(getPath(decode));
    }

    @Override
    public String getMatchedResourceTemplate() {
        return matchedTemplate;
    }

    @Override
    public List<Object> getMatchedResources() {
        return List.of(matchedResource.get());
    }

    @Override
    public URI resolve(final URI uri) {
        return uri.isAbsolute() ? uri : getBaseUri().resolve(uri).normalize();
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@link URI#relativize} only handles URIs below the given one, but the spec relativizes against the request
     * URI's directory and its ancestors ({@code ../}), so that is done here.
     */
    @Override
    public URI relativize(final URI uri) {
        final URI target = resolve(uri);
        final URI current = getRequestUri();
        if (target.isOpaque()
                || !Objects.equals(target.getScheme(), current.getScheme())
                || !Objects.equals(target.getRawAuthority(), current.getRawAuthority())) {
            return target;
        }
        final List<String> from = segmentsOf(current.getRawPath());
        from.removeLast(); // the request URI's last segment names the resource, not a directory
        final List<String> to = segmentsOf(target.getRawPath());
        int common = 0;
        while (common < from.size()
                && common < to.size() - 1
                && from.get(common).equals(to.get(common))) {
            common++;
        }
        final StringBuilder relative = new StringBuilder();
        relative.append("../".repeat(from.size() - common));
        relative.append(String.join("/", to.subList(common, to.size())));
        if (relative.indexOf(":") >= 0 && relative.indexOf(":") < firstSlash(relative)) {
            // "a:b" would read as a scheme
            relative.insert(0, "./");
        }
        if (target.getRawQuery() != null) {
            relative.append('?').append(target.getRawQuery());
        }
        if (target.getRawFragment() != null) {
            relative.append('#').append(target.getRawFragment());
        }
        return URI.create(relative.toString());
    }

    private static int firstSlash(final CharSequence path) {
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                return i;
            }
        }
        return path.length();
    }

    /** The segments after the leading slash; a trailing slash gives a trailing empty segment. */
    private static List<String> segmentsOf(final String absolutePath) {
        final String path = absolutePath == null || absolutePath.isEmpty() ? "/" : absolutePath;
        return new ArrayList<>(Arrays.asList(path.substring(1).split("/", -1)));
    }

    private String rawPath() {
        if (rawPath == null) {
            final String path = request.path();
            rawPath = path.startsWith("/") ? path.substring(1) : path;
        }
        return rawPath;
    }

    private URI computeBaseUri() {
        try {
            return new URI(request.scheme(), null, request.host(), request.port(), "/", null, null);
        } catch (final URISyntaxException e) {
            try {
                return new URI(request.scheme(), null, "localhost", -1, "/", null, null);
            } catch (final URISyntaxException impossible) {
                throw new IllegalStateException("Cannot build a base URI for " + request, impossible);
            }
        }
    }

    private List<PathSegment> segments(final boolean decode) {
        final List<PathSegment> segments = new ArrayList<>();
        for (final String segment : rawPath().split("/", -1)) {
            final int semicolon = segment.indexOf(';');
            final String path = semicolon < 0 ? segment : segment.substring(0, semicolon);
            final MultivaluedMap<String, String> matrix = semicolon < 0
                    ? ImmutableMultivaluedMap.empty()
                    : ImmutableMultivaluedMap.copyOf(matrixParameters(segment, decode));
            segments.add(new Segment(decode ? decode(path, false) : path, matrix));
        }
        return List.copyOf(segments);
    }

    /** The matrix parameters after the segment's first {@code ;}; a malformed escape stays as sent, as in a value. */
    private static MultivaluedMap<String, String> matrixParameters(final String segment, final boolean decode) {
        final Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (final String pair : segment.substring(segment.indexOf(';') + 1).split(";")) {
            final int equals = pair.indexOf('=');
            final String name = equals < 0 ? pair : pair.substring(0, equals);
            if (name.isEmpty()) {
                continue;
            }
            final String value = equals < 0 ? "" : pair.substring(equals + 1);
            parameters
                    .computeIfAbsent(decode ? decode(name, false) : name, key -> new ArrayList<>(1))
                    .add(decode ? decode(value, false) : value);
        }
        return ImmutableMultivaluedMap.copyOf(parameters);
    }

    private MultivaluedMap<String, String> pathParameters(final boolean decode) {
        final Map<String, List<String>> parameters = new LinkedHashMap<>();
        pathParameters.forEach((name, value) -> parameters.put(name, List.of(decode ? decode(value, false) : value)));
        return ImmutableMultivaluedMap.copyOf(parameters);
    }

    /** Names are always decoded, as the spec says; values only when asked. */
    private MultivaluedMap<String, String> queryParameters(final boolean decode) {
        final String query = PercentDecoding.rawBytesAsUtf8(request.query()).orElse(request.query());
        if (query.isEmpty()) {
            return ImmutableMultivaluedMap.empty();
        }
        final Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (final String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            final int equals = pair.indexOf('=');
            final String name = decode(equals < 0 ? pair : pair.substring(0, equals), true);
            final String value = equals < 0 ? "" : pair.substring(equals + 1);
            parameters.computeIfAbsent(name, key -> new ArrayList<>(1)).add(decode ? decode(value, true) : value);
        }
        return ImmutableMultivaluedMap.copyOf(parameters);
    }

    /**
     * Decodes percent escapes; a malformed escape leaves the value as sent: UriInfo is the
     * application's view of the request, and a parameter it binds is checked where it is bound.
     */
    private static String decode(final String value, final boolean plusIsSpace) {
        return PercentDecoding.decode(value, plusIsSpace).orElse(value);
    }

    private record Segment(String path, MultivaluedMap<String, String> matrixParameters) implements PathSegment {

        @Override
        public String getPath() {
            return path;
        }

        @Override
        public MultivaluedMap<String, String> getMatrixParameters() {
            return matrixParameters;
        }

        @Override
        public String toString() {
            return path;
        }
    }
}
