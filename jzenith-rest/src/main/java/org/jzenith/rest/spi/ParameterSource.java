package org.jzenith.rest.spi;

/** Where the value of an {@link EndpointParameter} comes from. */
public enum ParameterSource {
    /** {@code @PathParam}. */
    PATH,
    /** {@code @QueryParam}. */
    QUERY,
    /** {@code @MatrixParam}. */
    MATRIX,
    /** {@code @HeaderParam}. */
    HEADER,
    /** {@code @CookieParam}. */
    COOKIE,
    /** {@code @FormParam}, and the parts of a multipart body. */
    FORM,
    /** {@code @BeanParam}: its fields are parameters of their own. */
    BEAN,
    /** {@code @Context}: from the server, not the client. */
    CONTEXT,
    /** {@code @Suspended AsyncResponse}. */
    SUSPENDED,
    /** A server-sent event sink. */
    EVENT_SINK,
    /**
     * A value of the authenticated principal, read by a plugin's {@code PrincipalParameters}
     * (MicroProfile JWT's {@code @Claim}); the name is the annotation type's.
     */
    PRINCIPAL,
    /** The request body. */
    ENTITY
}
