package org.jzenith.rest.internal.filters;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jzenith.rest.internal.context.RequestPreconditions;
import org.jzenith.rest.internal.context.RequestSecurity;
import org.jzenith.rest.internal.context.RequestTarget;
import org.jzenith.rest.internal.context.VertxHttpHeaders;
import org.jzenith.rest.internal.context.VertxUriInfo;

/**
 * The {@link ContainerRequestContext} that request and response filters get, over one request, on
 * its event loop. Header changes are written back to the request before its arguments are bound, so
 * a filter that adds a header is seen by {@code @HeaderParam}; the method and URI may be changed by
 * {@code @PreMatching} filters only, as Jakarta REST says. Properties live as long as the request.
 *
 * <p>Not thread-safe: a filter uses it while it runs.
 */
public final class RequestFilterContext implements ContainerRequestContext {

    private static final String KEY = RequestFilterContext.class.getName();

    private final RoutingContext routing;
    private final boolean preMatching;
    private final String template;
    private final Supplier<Object> resource;
    private final Map<String, Object> properties = new HashMap<>();

    private HeaderMap<String> headers;
    private Optional<Response> abort = Optional.empty();
    private Optional<String> method = Optional.empty();
    private Optional<URI> requestUri = Optional.empty();

    private RequestFilterContext(
            final RoutingContext routing,
            final boolean preMatching,
            final String template,
            final Supplier<Object> resource) {
        this.routing = routing;
        this.preMatching = preMatching;
        this.template = template;
        this.resource = resource;
    }

    /** The context of a request before it is matched. */
    static RequestFilterContext preMatching(final RoutingContext routing) {
        final RequestFilterContext context = new RequestFilterContext(routing, true, "", () -> null);
        routing.put(KEY, context);
        return context;
    }

    /**
     * The context of a request matched to {@code template}: the one its pre-matching filters had,
     * if they ran, so that properties they set are seen after matching.
     */
    static RequestFilterContext matched(
            final RoutingContext routing, final String template, final Supplier<Object> resource) {
        final RequestFilterContext earlier = routing.get(KEY);
        final RequestFilterContext context = new RequestFilterContext(routing, false, template, resource);
        if (earlier != null) {
            context.properties.putAll(earlier.properties);
        }
        routing.put(KEY, context);
        return context;
    }

    /** The context the request's filters used, or a new one for its response filters. */
    static RequestFilterContext of(final RoutingContext routing) {
        final RequestFilterContext context = routing.get(KEY);
        return context != null ? context : matched(routing, "", () -> null);
    }

    /** The response a filter aborted the request with, if one did. */
    Optional<Response> abort() {
        return abort;
    }

    /** The method a pre-matching filter set, if one did. */
    Optional<String> changedMethod() {
        return method;
    }

    /** The request URI a pre-matching filter set, if one did. */
    Optional<URI> changedUri() {
        return requestUri;
    }

    /** Writes the headers back to the request, where arguments are bound from, if a filter looked at them. */
    void writeBack() {
        if (headers != null) {
            headers.writeTo(routing.request().headers());
            headers = null;
        }
    }

    @Override
    public Object getProperty(final String name) {
        return properties.get(name);
    }

    @Override
    public Collection<String> getPropertyNames() {
        return List.copyOf(properties.keySet());
    }

    @Override
    public void setProperty(final String name, final Object object) {
        if (object == null) {
            properties.remove(name);
        } else {
            properties.put(name, object);
        }
    }

    @Override
    public void removeProperty(final String name) {
        properties.remove(name);
    }

    @Override
    public UriInfo getUriInfo() {
        final RequestTarget target = requestUri
                .map(uri -> new RequestTarget(
                        uri.getScheme() == null ? "http" : uri.getScheme(),
                        uri.getHost() == null ? "localhost" : uri.getHost(),
                        uri.getPort(),
                        uri.getRawPath() == null ? "" : uri.getRawPath(),
                        uri.getRawQuery() == null ? "" : uri.getRawQuery()))
                .orElseGet(() -> RequestTarget.of(routing.request()));
        return new VertxUriInfo(target, routing.pathParams(), resource, template);
    }

    @Override
    public void setRequestUri(final URI uri) {
        requirePreMatching("setRequestUri");
        requestUri = Optional.of(uri);
    }

    @Override
    public void setRequestUri(final URI baseUri, final URI uri) {
        setRequestUri(baseUri.resolve(uri));
    }

    @Override
    public Request getRequest() {
        return RequestPreconditions.of(getMethod(), routing.request().headers());
    }

    @Override
    public String getMethod() {
        return method.orElseGet(() -> routing.request().method().name());
    }

    @Override
    public void setMethod(final String name) {
        requirePreMatching("setMethod");
        method = Optional.of(HttpMethod.valueOf(name).name());
    }

    @Override
    public MultivaluedMap<String, String> getHeaders() {
        if (headers == null) {
            headers = HeaderMap.ofStrings(routing.request().headers());
        }
        return headers;
    }

    @Override
    public String getHeaderString(final String name) {
        final List<String> values = getHeaders().get(name);
        return values == null ? null : String.join(",", values);
    }

    @Override
    public boolean containsHeaderString(
            final String name, final String valueSeparatorRegex, final Predicate<String> valuePredicate) {
        return HeaderMap.anyValue(getHeaders().get(name), valueSeparatorRegex, valuePredicate);
    }

    @Override
    public Date getDate() {
        return view().getDate();
    }

    @Override
    public Locale getLanguage() {
        return view().getLanguage();
    }

    @Override
    public int getLength() {
        return view().getLength();
    }

    @Override
    public MediaType getMediaType() {
        return view().getMediaType();
    }

    @Override
    public List<MediaType> getAcceptableMediaTypes() {
        return view().getAcceptableMediaTypes();
    }

    @Override
    public List<Locale> getAcceptableLanguages() {
        return view().getAcceptableLanguages();
    }

    @Override
    public Map<String, Cookie> getCookies() {
        return view().getCookies();
    }

    @Override
    public boolean hasEntity() {
        final RequestBody body = routing.body();
        return body != null && body.length() > 0;
    }

    /** The body, read already; pre-matching filters see none, since it is read once a method is matched. */
    @Override
    public InputStream getEntityStream() {
        return new ByteArrayInputStream(hasEntity() ? routing.body().buffer().getBytes() : new byte[0]);
    }

    @Override
    public void setEntityStream(final InputStream input) {
        throw new UnsupportedOperationException(
                "jZenith does not let filters replace the request body yet (see docs/rest.md, Filters)");
    }

    @Override
    public SecurityContext getSecurityContext() {
        return RequestSecurity.of(routing);
    }

    @Override
    public void setSecurityContext(final SecurityContext context) {
        RequestSecurity.set(routing, context);
    }

    @Override
    public void abortWith(final Response response) {
        abort = Optional.of(response);
    }

    private VertxHttpHeaders view() {
        final MultivaluedMap<String, String> current = getHeaders();
        final io.vertx.core.MultiMap copy = io.vertx.core.MultiMap.caseInsensitiveMultiMap();
        current.forEach((name, values) -> values.forEach(value -> copy.add(name, value)));
        return new VertxHttpHeaders(copy);
    }

    private void requirePreMatching(final String operation) {
        if (!preMatching) {
            throw new IllegalStateException(operation + " may only be called by a @PreMatching request filter,"
                    + " before the request is matched to a resource method");
        }
    }
}
