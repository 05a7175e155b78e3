package org.jzenith.rest.internal.server;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.MIMEHeader;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.RouteSupport;
import org.jzenith.rest.internal.RestResponses;
import org.jzenith.rest.internal.RestRouting;
import org.jzenith.rest.internal.binding.MultipartParts;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.filters.RequestFiltering;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ReturnKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the one Vert.x Web router that every server verticle shares: the resource methods in
 * Jakarta REST's matching order, HEAD and OPTIONS where a resource does not declare them, the
 * contributed routes ({@code /health}, {@code /metrics}, ...), and problem responses for every error Vert.x Web detects itself (404,
 * 405 with {@code Allow}, 406, 413, 415, and any other 4xx or 5xx it may fail a request with).
 */
public final class RouterFactory {

    private static final Logger LOG = LoggerFactory.getLogger(RouterFactory.class);
    private static final CharSequence TEXT_PLAIN = HttpHeaders.createOptimized("text/plain;charset=utf-8");

    /**
     * Jakarta REST prefers templates with more literal characters, then more variables, then more
     * regexes. Paths without variables come first of all: Vert.x Web matches them by comparing
     * strings, and a template with variables after them by a regex, whose matcher a request for an
     * exact path then never pays for. The order of matches is Jakarta's all the same: a template
     * that matches an exact route's path has fewer literal characters than it (each variable takes
     * at least one character), so the exact route would win anyway.
     */
    private static final Comparator<EndpointDefinition> SPECIFICITY = Comparator.<EndpointDefinition, Boolean>comparing(
                    e -> e.path().variables().isEmpty())
            .thenComparingInt(e -> e.path().literalCharacters())
            .thenComparingInt(e -> e.path().variables().size())
            .thenComparingInt(e -> e.path().regexVariables())
            .reversed();

    private RouterFactory() {}

    /** The router of the application's port: the server's {@code handlers} and the {@code contributors}' routes. */
    public static Router create(
            final RestRouting setup,
            final RestResponses responses,
            final Map<EndpointDefinition, Handler<RoutingContext>> handlers,
            final Set<RouteContributor> contributors,
            final RouteSupport support) {
        return create(setup, responses, handlers, List.of(), contributors, support);
    }

    /**
     * The router of the application's port, with {@code dynamic}, the handlers of locators returning
     * {@code Object} or {@code Class<?>}, after every declared route: each passes on the paths not
     * under its locator.
     */
    public static Router create(
            final RestRouting setup,
            final RestResponses responses,
            final Map<EndpointDefinition, Handler<RoutingContext>> handlers,
            final List<Handler<RoutingContext>> dynamic,
            final Set<RouteContributor> contributors,
            final RouteSupport support) {
        final ErrorResponder errors = responses.errors();
        final ResponseHeaders headers = responses.headers();
        final long maxBodySize = setup.maxBodySize();
        final List<ContainerRequestFilter> preMatchingFilters = setup.preMatching();
        final Optional<String> uploadsDirectory = setup.uploadsDirectory();
        final List<Handler<RoutingContext>> first = setup.first();
        final Router router = Router.router(setup.vertx());
        everyErrorStatus(router, errors, "router");
        // Before everything else, the pre-matching filters and contributed routes too: CORS answers
        // preflights that no route declares, and the compression decision must see every response.
        first.forEach(handler -> router.route().handler(handler));
        if (!preMatchingFilters.isEmpty()) {
            router.route()
                    .handler(RequestFiltering.preMatching(
                            preMatchingFilters,
                            errors::respond,
                            (routing, failure) -> errors.fail(routing, "a @PreMatching request filter", failure)));
        }
        final Handler<RoutingContext> notAcceptable = routing -> notAcceptable(routing, errors);
        final List<EndpointDefinition> endpoints = new ArrayList<>(handlers.keySet());
        endpoints.sort(SPECIFICITY);
        final RouteTable table = RouteTable.of(endpoints);
        final Set<String> declared = new HashSet<>();
        endpoints.forEach(e -> declared.add(e.httpMethod() + " " + e.path().template()));

        // First, so that a root template such as /{slug} cannot hide them.
        contributors.forEach(contributor -> contributor.addRoutes(router, support));
        RouteMethods.headWithGet(router);
        for (final EndpointDefinition endpoint : endpoints) {
            final Handler<RoutingContext> handler = handlers.get(endpoint);
            add(router, endpoint, endpoint.httpMethod(), handler, notAcceptable, maxBodySize, uploadsDirectory);
            if (endpoint.httpMethod().equals("GET")
                    && !declared.contains("HEAD " + endpoint.path().template())) {
                add(router, endpoint, "HEAD", handler, notAcceptable, maxBodySize, uploadsDirectory);
            }
            if (declared.add("OPTIONS " + endpoint.path().template())) {
                final CharSequence allow = table.allowOf(endpoint.path());
                // As Jersey answers without WADL: 200 with the methods in Allow and, as text, in the body
                // when the client takes text/plain (or sends no Accept); else 204 with Allow alone, rather
                // than a body of a type the client did not ask for.
                final Buffer methods = Buffer.buffer(allow.toString());
                route(router, "OPTIONS", endpoint).handler(routing -> {
                    headers.addTo(routing.response().headers());
                    routing.response().putHeader(HttpHeaders.ALLOW, allow);
                    if (acceptsText(routing)) {
                        routing.response()
                                .putHeader(HttpHeaders.CONTENT_TYPE, TEXT_PLAIN)
                                .setStatusCode(200)
                                .end(methods.copy());
                    } else {
                        routing.response().setStatusCode(204).end();
                    }
                });
            }
            LOG.debug(
                    "{} {} -> {} on {}",
                    endpoint.httpMethod(),
                    endpoint.path().template(),
                    endpoint.displayName(),
                    endpoint.execution());
        }

        dynamic.forEach(handler -> router.route().handler(handler));

        router.errorHandler(404, routing -> notFound(routing, errors));
        router.errorHandler(405, routing -> {
            table.allowFor(routing.request().path())
                    .map(CharSequence::toString)
                    .or(() -> RouteMethods.allowOf(router, routing.request().path()))
                    .ifPresent(allow -> routing.response().putHeader(HttpHeaders.ALLOW, allow));
            methodNotAllowed(routing, errors);
        });
        router.errorHandler(406, routing -> notAcceptable(routing, errors));
        router.errorHandler(
                413,
                routing -> errors.send(
                        routing,
                        413,
                        "The request body is larger than the " + maxBodySize + " bytes accepted (rest.max-body-size)"));
        router.errorHandler(415, errors::unsupportedMediaType);
        // Vert.x Web's CORS handler refuses an origin it does not allow with 403.
        router.errorHandler(
                403,
                routing -> errors.send(
                        routing,
                        403,
                        routing.request().getHeader(HttpHeaders.ORIGIN) == null
                                ? "The request is forbidden"
                                : "The origin " + routing.request().getHeader(HttpHeaders.ORIGIN)
                                        + " is not allowed here (rest.cors.origins)"));
        router.errorHandler(400, routing -> errors.send(routing, 400, BadRequests.detail(routing)));
        // Vert.x Web's body handler fails a request whose body stream broke (a malformed chunk, the
        // client gone mid-body) with status 200, for which it has no handler and logs an ERROR with
        // a stack trace: a client's doing, answered where the connection still takes an answer.
        router.errorHandler(200, routing -> {
            LOG.debug(
                    "The body of {} {} could not be read: {}",
                    routing.request().method(),
                    routing.request().path(),
                    String.valueOf(routing.failure()));
            if (!routing.response().closed() && !routing.response().ended()) {
                routing.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
                errors.send(routing, 400, "The request body could not be read: its chunked encoding is malformed");
            }
        });
        router.errorHandler(
                500,
                routing -> errors.fail(
                        routing,
                        "router",
                        routing.failure() == null
                                ? new IllegalStateException("failed with status " + routing.statusCode())
                                : routing.failure()));
        return router;
    }

    /**
     * Answers every 4xx and 5xx status through {@link ErrorResponder#routingFailed}; the handlers
     * registered after this replace it for the statuses they word better. Vert.x Web fails some
     * requests with statuses nobody thought of (its body handler answers 417 to an unknown {@code
     * Expect}), and with no handler for one it logs "Unhandled exception in router" at ERROR,
     * without the status, the request or a cause.
     */
    private static void everyErrorStatus(final Router router, final ErrorResponder errors, final String name) {
        for (int status = 400; status < 600; status++) {
            final int failed = status;
            router.errorHandler(failed, routing -> errors.routingFailed(routing, failed, name));
        }
    }

    /**
     * The router of the management port: the operators' routes ({@code /health}, {@code /metrics})
     * and problem answers for the rest.
     */
    public static Router management(
            final Vertx vertx,
            final Set<RouteContributor> contributors,
            final RouteSupport support,
            final ErrorResponder errors) {
        final Router router = Router.router(vertx);
        everyErrorStatus(router, errors, "management router");
        contributors.forEach(contributor -> contributor.addRoutes(router, support));
        RouteMethods.headWithGet(router);
        router.errorHandler(404, routing -> notFound(routing, errors));
        router.errorHandler(405, routing -> {
            RouteMethods.allowOf(router, routing.request().path())
                    .ifPresent(allow -> routing.response().putHeader(HttpHeaders.ALLOW, allow));
            methodNotAllowed(routing, errors);
        });
        router.errorHandler(500, routing -> errors.fail(routing, "management router", routing.failure()));
        return router;
    }

    /**
     * The routes of a class a dynamic locator returned: its endpoints, as the application's port
     * serves them (HEAD with GET); what none matches goes back to the application's router.
     */
    public static Router located(
            final RestRouting setup,
            final ErrorResponder errors,
            final Map<EndpointDefinition, Handler<RoutingContext>> handlers) {
        final Router router = Router.router(setup.vertx());
        final Handler<RoutingContext> notAcceptable = routing -> notAcceptable(routing, errors);
        final long maxBodySize = setup.maxBodySize();
        final List<EndpointDefinition> endpoints = new ArrayList<>(handlers.keySet());
        endpoints.sort(SPECIFICITY);
        final Set<String> declared = new HashSet<>();
        endpoints.forEach(e -> declared.add(e.httpMethod() + " " + e.path().template()));
        for (final EndpointDefinition endpoint : endpoints) {
            final Handler<RoutingContext> handler = handlers.get(endpoint);
            add(router, endpoint, endpoint.httpMethod(), handler, notAcceptable, maxBodySize, setup.uploadsDirectory());
            if (endpoint.httpMethod().equals("GET")
                    && !declared.contains("HEAD " + endpoint.path().template())) {
                add(router, endpoint, "HEAD", handler, notAcceptable, maxBodySize, setup.uploadsDirectory());
            }
        }
        return router;
    }

    private static void add(
            final Router router,
            final EndpointDefinition endpoint,
            final String method,
            final Handler<RoutingContext> handler,
            final Handler<RoutingContext> notAcceptable,
            final long maxBodySize,
            final Optional<String> uploadsDirectory) {
        // Named after the template, so that logs can name the route a request took (/users/{id}).
        final Route route =
                route(router, method, endpoint).setName(endpoint.path().template());
        // A method that answers without a body (void, Completable: 204) has no representation for
        // Accept to choose, so it is not refused with 406 for an Accept its class's @Produces lacks
        // (a generated client asks for application/problem+json only, the one body it can get).
        // Without @Produces the method produces */*: what it answers is chosen when it is written.
        final boolean negotiates = answersWithBody(endpoint)
                && endpoint.producesDeclared()
                && !endpoint.produces().isEmpty();
        if (negotiates) {
            endpoint.produces().forEach(type -> route.produces(type.getType() + "/" + type.getSubtype()));
        }
        if (endpoint.readsBody()) {
            // @Consumes is about the entity: a method that reads none (a GET on a class annotated
            // @Consumes) takes requests without a body, and without a Content-Type, as Jersey does.
            endpoint.consumes().stream()
                    .filter(type -> !type.equals(MediaType.WILDCARD_TYPE))
                    .forEach(type -> route.consumes(type.getType() + "/" + type.getSubtype()));
        }
        if (endpoint.readsBody() || mayCarryBody(method)) {
            // Also where the body is not read: Vert.x Web pauses the request, and a body left
            // unread would stall a kept-alive connection.
            route.handler(
                    MultipartParts.takesParts(endpoint)
                            // File parts go to disk as they arrive, within the body limit, and are
                            // deleted once the request is answered.
                            ? BodyHandler.create(uploadsDirectory.orElseThrow())
                                    .setBodyLimit(maxBodySize)
                                    .setDeleteUploadedFilesOnEnd(true)
                            : BodyHandler.create(false)
                                    .setBodyLimit(maxBodySize)
                                    .setHandleFileUploads(false));
        }
        route.handler(
                !negotiates
                        ? handler
                        : routing -> {
                            if (AcceptWeights.refusesChosenType(routing)) {
                                notAcceptable.handle(routing);
                            } else {
                                handler.handle(routing);
                            }
                        });
    }

    private static void notFound(final RoutingContext routing, final ErrorResponder errors) {
        errors.send(routing, 404, "No resource exists at " + routing.request().path());
    }

    private static void methodNotAllowed(final RoutingContext routing, final ErrorResponder errors) {
        errors.send(
                routing,
                405,
                "The method " + routing.request().method() + " is not allowed on "
                        + routing.request().path());
    }

    private static void notAcceptable(final RoutingContext routing, final ErrorResponder errors) {
        errors.send(
                routing,
                406,
                "None of the media types in Accept (" + routing.request().getHeader(HttpHeaders.ACCEPT)
                        + ") can be produced here");
    }

    private static boolean answersWithBody(final EndpointDefinition endpoint) {
        return endpoint.returnKind() != ReturnKind.VOID && endpoint.returnKind() != ReturnKind.COMPLETABLE;
    }

    private static boolean mayCarryBody(final String method) {
        return !(method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS"));
    }

    private static Route route(final Router router, final String method, final EndpointDefinition endpoint) {
        final HttpMethod httpMethod = HttpMethod.valueOf(method);
        return endpoint.path().vertxPath().isPresent()
                ? router.route(httpMethod, endpoint.path().vertxPath().get())
                : router.routeWithRegex(httpMethod, endpoint.path().vertxRegex().orElseThrow());
    }

    /** Whether the request has no {@code Accept}, or one that admits {@code text/plain} with a weight above 0. */
    private static boolean acceptsText(final RoutingContext routing) {
        final List<MIMEHeader> accept = routing.parsedHeaders().accept();
        if (accept.isEmpty()) {
            return true;
        }
        for (final MIMEHeader range : accept) {
            if (range.weight() > 0
                    && ("*".equals(range.component()) || "text".equals(range.component()))
                    && ("*".equals(range.subComponent()) || "plain".equals(range.subComponent()))) {
                return true;
            }
        }
        return false;
    }
}
