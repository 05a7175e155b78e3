package org.jzenith.rest.internal.server;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The methods of the routes plugins add to a router ({@code /health}, {@code /metrics}, {@code
 * /openapi.json}): HEAD wherever GET is, as for resources (a load balancer's check is often a HEAD,
 * and Vert.x leaves the body out of a HEAD response by itself), and the {@code Allow} header of a 405
 * on their paths, which RFC 9110 requires. Resource paths have their own table ({@link RouteTable}).
 *
 * <pre>{@code
 * contributors.forEach(contributor -> contributor.addRoutes(router, support));
 * RouteMethods.headWithGet(router);
 * }</pre>
 */
final class RouteMethods {

    private RouteMethods() {}

    /** Lets every route of {@code router} that answers GET answer HEAD too. */
    static void headWithGet(final Router router) {
        for (final Route route : router.getRoutes()) {
            final Set<HttpMethod> methods = route.methods();
            if (methods != null && methods.contains(HttpMethod.GET) && !methods.contains(HttpMethod.HEAD)) {
                route.method(HttpMethod.HEAD);
            }
        }
    }

    /** The {@code Allow} value for {@code path}: the methods of {@code router}'s routes with exactly that path. */
    static Optional<String> allowOf(final Router router, final String path) {
        final Set<String> methods = new TreeSet<>();
        for (final Route route : router.getRoutes()) {
            if (!route.isRegexPath() && path.equals(route.getPath()) && route.methods() != null) {
                route.methods().forEach(method -> methods.add(method.name()));
            }
        }
        return methods.isEmpty()
                ? Optional.empty()
                : Optional.of(methods.stream().collect(Collectors.joining(", ")));
    }
}
