package org.jzenith.rest.internal.filters;

import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.net.URI;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The {@link ContainerResponseContext} that response filters get: the status, headers and entity
 * of a response about to be written, which they may change. The entity is written after the
 * filters ran, by the same rules as a resource method's result; a streamed response's entity is
 * already under way, so it cannot be replaced.
 *
 * <p>Not thread-safe: a filter uses it while it runs.
 */
final class ResponseFilterContext implements ContainerResponseContext {

    private final HeaderMap<Object> headers;
    private final boolean streamed;
    private int status;
    private Object entity;
    private MediaType mediaType;
    private Annotation[] annotations = new Annotation[0];

    ResponseFilterContext(
            final int status,
            final HeaderMap<Object> headers,
            final Object entity,
            final MediaType mediaType,
            final boolean streamed) {
        this.status = status;
        this.headers = headers;
        this.entity = entity;
        this.mediaType = mediaType;
        this.streamed = streamed;
    }

    HeaderMap<Object> headers() {
        return headers;
    }

    Object entity() {
        return entity;
    }

    MediaType mediaType() {
        return mediaType;
    }

    @Override
    public int getStatus() {
        return status;
    }

    @Override
    public void setStatus(final int code) {
        if (code < 100 || code > 599) {
            throw new IllegalArgumentException(
                    "A response filter set the status " + code + ", which is not 100 to 599");
        }
        status = code;
    }

    @Override
    public Response.StatusType getStatusInfo() {
        return Response.Status.fromStatusCode(status) != null
                ? Response.Status.fromStatusCode(status)
                : new Response.StatusType() {
                    @Override
                    public int getStatusCode() {
                        return status;
                    }

                    @Override
                    public Response.Status.Family getFamily() {
                        return Response.Status.Family.familyOf(status);
                    }

                    @Override
                    public String getReasonPhrase() {
                        return "";
                    }
                };
    }

    @Override
    public void setStatusInfo(final Response.StatusType statusInfo) {
        setStatus(statusInfo.getStatusCode());
    }

    @Override
    public MultivaluedMap<String, Object> getHeaders() {
        return headers;
    }

    @Override
    public MultivaluedMap<String, String> getStringHeaders() {
        final HeaderMap<String> strings = HeaderMap.ofStrings(io.vertx.core.MultiMap.caseInsensitiveMultiMap());
        headers.forEach((name, values) -> values.forEach(value -> strings.add(name, HeaderMap.asHeaderValue(value))));
        return strings;
    }

    @Override
    public String getHeaderString(final String name) {
        final List<String> values = getStringHeaders().get(name);
        return values == null ? null : String.join(",", values);
    }

    @Override
    public Set<String> getAllowedMethods() {
        final String allow = getHeaderString(HttpHeaders.ALLOW);
        final Set<String> methods = new HashSet<>();
        if (allow != null) {
            for (final String method : allow.split(",")) {
                if (!method.isBlank()) {
                    methods.add(method.trim().toUpperCase(Locale.ROOT));
                }
            }
        }
        return methods;
    }

    @Override
    public boolean containsHeaderString(
            final String name, final String valueSeparatorRegex, final Predicate<String> valuePredicate) {
        return HeaderMap.anyValue(getStringHeaders().get(name), valueSeparatorRegex, valuePredicate);
    }

    @Override
    public Date getDate() {
        return asResponse().getDate();
    }

    @Override
    public Locale getLanguage() {
        return asResponse().getLanguage();
    }

    @Override
    public int getLength() {
        return asResponse().getLength();
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    @Override
    public Map<String, NewCookie> getCookies() {
        return asResponse().getCookies();
    }

    @Override
    public EntityTag getEntityTag() {
        return asResponse().getEntityTag();
    }

    @Override
    public Date getLastModified() {
        return asResponse().getLastModified();
    }

    @Override
    public URI getLocation() {
        return asResponse().getLocation();
    }

    @Override
    public Set<Link> getLinks() {
        return asResponse().getLinks();
    }

    @Override
    public boolean hasLink(final String relation) {
        return asResponse().hasLink(relation);
    }

    @Override
    public Link getLink(final String relation) {
        return asResponse().getLink(relation);
    }

    @Override
    public Link.Builder getLinkBuilder(final String relation) {
        return asResponse().getLinkBuilder(relation);
    }

    @Override
    public boolean hasEntity() {
        return entity != null;
    }

    @Override
    public Object getEntity() {
        return entity;
    }

    @Override
    public Class<?> getEntityClass() {
        return entity == null ? null : entity.getClass();
    }

    @Override
    public Type getEntityType() {
        return getEntityClass();
    }

    @Override
    public void setEntity(final Object entity) {
        if (streamed) {
            throw new IllegalStateException("This response is streamed and its body is under way; a response filter"
                    + " can change its status and headers, not its entity");
        }
        this.entity = entity;
    }

    @Override
    public void setEntity(final Object entity, final Annotation[] annotations, final MediaType mediaType) {
        setEntity(entity);
        this.annotations = annotations == null ? new Annotation[0] : annotations.clone();
        if (mediaType != null) {
            this.mediaType = mediaType;
        }
    }

    @Override
    public Annotation[] getEntityAnnotations() {
        return annotations.clone();
    }

    @Override
    public OutputStream getEntityStream() {
        throw new UnsupportedOperationException("jZenith writes the entity after the response filters ran; change it"
                + " with setEntity (see docs/rest.md, Filters)");
    }

    @Override
    public void setEntityStream(final OutputStream outputStream) {
        getEntityStream();
    }

    /** The headers as a Jakarta response, whose readers parse dates, cookies and links as Jakarta REST does. */
    private Response asResponse() {
        final Response.ResponseBuilder builder = Response.status(status);
        headers.forEach((name, values) -> values.forEach(value -> builder.header(name, value)));
        return builder.build();
    }
}
