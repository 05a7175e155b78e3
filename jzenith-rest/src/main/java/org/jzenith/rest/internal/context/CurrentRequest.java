package org.jzenith.rest.internal.context;

import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/**
 * The request a thread is serving, for the {@code @Context} fields of resources and providers
 * ({@code UriInfo}, {@code HttpHeaders}, {@code Request}, {@code SecurityContext}, {@code
 * ResourceInfo}): one object serves every request, so such a field holds a stand-in that answers
 * from the request its thread is serving. The values are made on the event loop before the
 * filters run, and set around the filters, the method's call and the writing of the response.
 * Only applications with such fields pay for it.
 */
public final class CurrentRequest {

    private static final ThreadLocal<Contexts> CURRENT = new ThreadLocal<>();

    private CurrentRequest() {}

    /**
     * The contexts of one request.
     *
     * @param uriInfo its URI
     * @param headers its headers
     * @param request its method and conditional headers
     * @param security who sent it
     */
    public record Contexts(
            UriInfo uriInfo,
            HttpHeaders headers,
            Request request,
            SecurityContext security,
            ResourceInfo resourceInfo) {

        /** From the values of the four context resolvers, in this record's order, and the matched method. */
        public static Contexts of(final Object[] values, final ResourceInfo resourceInfo) {
            return new Contexts(
                    (UriInfo) values[0],
                    (HttpHeaders) values[1],
                    (Request) values[2],
                    (SecurityContext) values[3],
                    resourceInfo);
        }

        /** The contexts of a request no method matched (a 404, say): its ResourceInfo answers null. */
        public static Contexts unmatched(final io.vertx.ext.web.RoutingContext routing) {
            final RequestTarget target = RequestTarget.of(routing.request());
            return new Contexts(
                    new VertxUriInfo(target, java.util.Map.of(), () -> null, ""),
                    new VertxHttpHeaders(routing.request().headers()),
                    RequestPreconditions.of(
                            routing.request().method().name(), routing.request().headers()),
                    RequestSecurity.of(routing),
                    new Matched(null, null));
        }
    }

    /**
     * The method a request matched, for {@code @Context ResourceInfo}.
     *
     * @param resourceClass the resource class, null where nothing matched
     * @param resourceMethod the method, null where nothing matched
     */
    public record Matched(Class<?> resourceClass, java.lang.reflect.Method resourceMethod) implements ResourceInfo {

        @Override
        public java.lang.reflect.Method getResourceMethod() {
            return resourceMethod;
        }

        @Override
        public Class<?> getResourceClass() {
            return resourceClass;
        }
    }

    /** Whether contexts are set on this thread. */
    public static boolean isSet() {
        return CURRENT.get() != null;
    }

    /** Makes {@code contexts} the current request's on this thread, until {@link #clear}. */
    public static void set(final Contexts contexts) {
        CURRENT.set(contexts);
    }

    public static void clear() {
        CURRENT.remove();
    }

    /** The security context of the request this thread serves; empty outside one. */
    public static java.util.Optional<SecurityContext> security() {
        final Contexts contexts = CURRENT.get();
        return contexts == null ? java.util.Optional.empty() : java.util.Optional.of(contexts.security());
    }

    /** The stand-in a {@code @Context} field of {@code type} holds, if the type is one it can hold. */
    public static java.util.Optional<Object> standIn(final Class<?> type) {
        if (type == UriInfo.class) {
            return java.util.Optional.of(new CurrentUriInfo());
        } else if (type == HttpHeaders.class) {
            return java.util.Optional.of(new CurrentHttpHeaders());
        } else if (type == Request.class) {
            return java.util.Optional.of(new CurrentRequest.CurrentRequestContext());
        } else if (type == SecurityContext.class) {
            return java.util.Optional.of(new CurrentSecurityContext());
        } else if (type == ResourceInfo.class) {
            return java.util.Optional.of(new CurrentResourceInfo());
        }
        return java.util.Optional.empty();
    }

    /** {@code @Context ResourceInfo} fields: the method the current request matched. */
    static final class CurrentResourceInfo implements ResourceInfo {

        @Override
        public java.lang.reflect.Method getResourceMethod() {
            return current().resourceInfo().getResourceMethod();
        }

        @Override
        public Class<?> getResourceClass() {
            return current().resourceInfo().getResourceClass();
        }
    }

    private static Contexts current() {
        final Contexts contexts = CURRENT.get();
        if (contexts == null) {
            throw new IllegalStateException("A @Context field was used outside the call of a resource method (on"
                    + " another thread, or after the method returned); take the context as a method parameter there");
        }
        return contexts;
    }

    /** {@code @Context UriInfo} fields: the current request's. */
    static final class CurrentUriInfo implements jakarta.ws.rs.core.UriInfo {

        @Override
        public java.lang.String getPath() {
            return current().uriInfo().getPath();
        }

        @Override
        public java.lang.String getPath(final boolean a0) {
            return current().uriInfo().getPath(a0);
        }

        @Override
        public java.util.List<jakarta.ws.rs.core.PathSegment> getPathSegments() {
            return current().uriInfo().getPathSegments();
        }

        @Override
        public java.util.List<jakarta.ws.rs.core.PathSegment> getPathSegments(final boolean a0) {
            return current().uriInfo().getPathSegments(a0);
        }

        @Override
        public java.net.URI getRequestUri() {
            return current().uriInfo().getRequestUri();
        }

        @Override
        public jakarta.ws.rs.core.UriBuilder getRequestUriBuilder() {
            return current().uriInfo().getRequestUriBuilder();
        }

        @Override
        public java.net.URI getAbsolutePath() {
            return current().uriInfo().getAbsolutePath();
        }

        @Override
        public jakarta.ws.rs.core.UriBuilder getAbsolutePathBuilder() {
            return current().uriInfo().getAbsolutePathBuilder();
        }

        @Override
        public java.net.URI getBaseUri() {
            return current().uriInfo().getBaseUri();
        }

        @Override
        public jakarta.ws.rs.core.UriBuilder getBaseUriBuilder() {
            return current().uriInfo().getBaseUriBuilder();
        }

        @Override
        public jakarta.ws.rs.core.MultivaluedMap<java.lang.String, java.lang.String> getPathParameters() {
            return current().uriInfo().getPathParameters();
        }

        @Override
        public jakarta.ws.rs.core.MultivaluedMap<java.lang.String, java.lang.String> getPathParameters(
                final boolean a0) {
            return current().uriInfo().getPathParameters(a0);
        }

        @Override
        public jakarta.ws.rs.core.MultivaluedMap<java.lang.String, java.lang.String> getQueryParameters() {
            return current().uriInfo().getQueryParameters();
        }

        @Override
        public jakarta.ws.rs.core.MultivaluedMap<java.lang.String, java.lang.String> getQueryParameters(
                final boolean a0) {
            return current().uriInfo().getQueryParameters(a0);
        }

        @Override
        public java.util.List<java.lang.String> getMatchedURIs() {
            return current().uriInfo().getMatchedURIs();
        }

        @Override
        public java.lang.String getMatchedResourceTemplate() {
            return current().uriInfo().getMatchedResourceTemplate();
        }

        @Override
        public java.util.List<java.lang.String> getMatchedURIs(final boolean a0) {
            return current().uriInfo().getMatchedURIs(a0);
        }

        @Override
        public java.util.List<java.lang.Object> getMatchedResources() {
            return current().uriInfo().getMatchedResources();
        }

        @Override
        public java.net.URI resolve(final java.net.URI a0) {
            return current().uriInfo().resolve(a0);
        }

        @Override
        public java.net.URI relativize(final java.net.URI a0) {
            return current().uriInfo().relativize(a0);
        }
    }

    /** {@code @Context HttpHeaders} fields: the current request's. */
    static final class CurrentHttpHeaders implements jakarta.ws.rs.core.HttpHeaders {

        @Override
        public java.util.List<java.lang.String> getRequestHeader(final java.lang.String a0) {
            return current().headers().getRequestHeader(a0);
        }

        @Override
        public java.lang.String getHeaderString(final java.lang.String a0) {
            return current().headers().getHeaderString(a0);
        }

        @Override
        public boolean containsHeaderString(
                final java.lang.String a0,
                final java.lang.String a1,
                final java.util.function.Predicate<java.lang.String> a2) {
            return current().headers().containsHeaderString(a0, a1, a2);
        }

        @Override
        public jakarta.ws.rs.core.MultivaluedMap<java.lang.String, java.lang.String> getRequestHeaders() {
            return current().headers().getRequestHeaders();
        }

        @Override
        public java.util.List<jakarta.ws.rs.core.MediaType> getAcceptableMediaTypes() {
            return current().headers().getAcceptableMediaTypes();
        }

        @Override
        public java.util.List<java.util.Locale> getAcceptableLanguages() {
            return current().headers().getAcceptableLanguages();
        }

        @Override
        public jakarta.ws.rs.core.MediaType getMediaType() {
            return current().headers().getMediaType();
        }

        @Override
        public java.util.Locale getLanguage() {
            return current().headers().getLanguage();
        }

        @Override
        public java.util.Map<java.lang.String, jakarta.ws.rs.core.Cookie> getCookies() {
            return current().headers().getCookies();
        }

        @Override
        public java.util.Date getDate() {
            return current().headers().getDate();
        }

        @Override
        public int getLength() {
            return current().headers().getLength();
        }
    }

    /** {@code @Context Request} fields: the current request's. */
    static final class CurrentRequestContext implements jakarta.ws.rs.core.Request {

        @Override
        public java.lang.String getMethod() {
            return current().request().getMethod();
        }

        @Override
        public jakarta.ws.rs.core.Variant selectVariant(final java.util.List<jakarta.ws.rs.core.Variant> a0) {
            return current().request().selectVariant(a0);
        }

        @Override
        public jakarta.ws.rs.core.Response.ResponseBuilder evaluatePreconditions(
                final jakarta.ws.rs.core.EntityTag a0) {
            return current().request().evaluatePreconditions(a0);
        }

        @Override
        public jakarta.ws.rs.core.Response.ResponseBuilder evaluatePreconditions(final java.util.Date a0) {
            return current().request().evaluatePreconditions(a0);
        }

        @Override
        public jakarta.ws.rs.core.Response.ResponseBuilder evaluatePreconditions(
                final java.util.Date a0, final jakarta.ws.rs.core.EntityTag a1) {
            return current().request().evaluatePreconditions(a0, a1);
        }

        @Override
        public jakarta.ws.rs.core.Response.ResponseBuilder evaluatePreconditions() {
            return current().request().evaluatePreconditions();
        }
    }

    /** {@code @Context SecurityContext} fields: the current request's. */
    static final class CurrentSecurityContext implements jakarta.ws.rs.core.SecurityContext {

        @Override
        public java.security.Principal getUserPrincipal() {
            return current().security().getUserPrincipal();
        }

        @Override
        public boolean isUserInRole(final java.lang.String a0) {
            return current().security().isUserInRole(a0);
        }

        @Override
        public boolean isSecure() {
            return current().security().isSecure();
        }

        @Override
        public java.lang.String getAuthenticationScheme() {
            return current().security().getAuthenticationScheme();
        }
    }
}
