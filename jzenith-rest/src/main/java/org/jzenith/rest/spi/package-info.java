/**
 * What the REST plugin publishes for plugins that build on it, such as {@code jzenith-openapi}: a
 * read-only description of the endpoints it serves ({@link org.jzenith.rest.spi.ResourceEndpoints}).
 * Routes are added with {@link org.jzenith.rest.RouteContributor} and {@link
 * org.jzenith.rest.RouteSupport}. Nothing here is needed to write a service; nothing outside this
 * module may import {@code org.jzenith.rest.internal}.
 */
package org.jzenith.rest.spi;
