package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.rest.internal.binding.ArgumentResolver;
import org.jzenith.rest.internal.context.PercentDecoding;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.model.DynamicLocator;
import org.jzenith.rest.internal.params.Binding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a sub-resource locator that returns {@code Object} or {@code Class<?>}: binds its
 * parameters (400), calls it on a virtual thread (a class it returns is made by Guice, as {@code
 * ResourceContext} makes it; {@code null} is a 404), then routes the request through the routes of
 * the located class. Those are built the first time a class is located and kept, so later requests
 * read no annotations; a class that cannot be a resource is refused with the reason in the log and a
 * 500, each time, without building again.
 */
final class DynamicLocatorHandler implements Handler<RoutingContext> {

    private static final Logger LOG = LoggerFactory.getLogger(DynamicLocatorHandler.class);

    private final DynamicLocator locator;
    private final Pattern paths;
    private final Supplier<Object> resource;
    private final ArgumentResolver[][] resolvers;
    private final MethodHandle[] handles;
    private final Function<Class<?>, Object> instances;
    private final Function<Class<?>, Router> routes;
    private final ThreadFactory virtualThreads;
    private final ErrorResponder errors;
    private final Map<Class<?>, Located> located = new ConcurrentHashMap<>();

    /** The routes of a located class, or why it cannot be served. */
    private record Located(Router router, String refusal) {}

    DynamicLocatorHandler(
            final DynamicLocator locator,
            final Supplier<Object> resource,
            final ArgumentResolver[][] resolvers,
            final MethodHandle[] handles,
            final Function<Class<?>, Object> instances,
            final Function<Class<?>, Router> routes,
            final ThreadFactory virtualThreads,
            final ErrorResponder errors) {
        this.locator = locator;
        this.paths = locator.prefix();
        this.resource = resource;
        this.resolvers = resolvers.clone();
        this.handles = handles.clone();
        this.instances = instances;
        this.routes = routes;
        this.virtualThreads = virtualThreads;
        this.errors = errors;
    }

    @Override
    public void handle(final RoutingContext routing) {
        final Matcher matched = paths.matcher(routing.normalizedPath());
        if (!matched.matches()) {
            routing.next();
            return;
        }
        // This route has no path of its own: the locator's path parameters are taken here, as Vert.x would.
        for (int i = 0; i < locator.path().variables().size(); i++) {
            final String value = matched.group("p" + i);
            final Optional<String> decoded = PercentDecoding.decode(value, false);
            if (decoded.isEmpty()) {
                errors.send(routing, 400, "The path is not validly percent-encoded");
                return;
            }
            routing.pathParams().put("p" + i, decoded.get());
        }
        final Object[][] arguments = new Object[resolvers.length][];
        for (int l = 0; l < resolvers.length; l++) {
            arguments[l] = new Object[resolvers[l].length];
            for (int i = 0; i < resolvers[l].length; i++) {
                final Binding binding = resolvers[l][i].resolve(routing);
                if (binding instanceof Binding.Invalid(final String message)) {
                    errors.send(routing, 400, message);
                    return;
                }
                arguments[l][i] = ((Binding.Value) binding).value();
            }
        }
        // The locator is the application's code and may block: not on the event loop. The body
        // waits meanwhile, read later by the located route's own body handler.
        routing.request().pause();
        final Context context = Vertx.currentContext();
        virtualThreads
                .newThread(() -> {
                    final Object found;
                    try {
                        found = locate(arguments);
                    } catch (final Throwable failure) {
                        context.runOnContext(v -> {
                            routing.request().resume();
                            errors.fail(routing, name(), failure);
                        });
                        return;
                    }
                    context.runOnContext(v -> route(routing, found));
                })
                .start();
    }

    private Object locate(final Object[][] arguments) throws Throwable {
        Object instance = resource.get();
        for (int i = 0; i < handles.length && instance != null; i++) {
            instance = handles[i].invokeExact(instance, arguments[i]);
        }
        return instance instanceof Class<?> type ? instances.apply(type) : instance;
    }

    private void route(final RoutingContext routing, final Object found) {
        if (found == null) { // as Jakarta REST says: nothing there
            routing.request().resume();
            errors.send(
                    routing, 404, "No resource exists at " + routing.request().path());
            return;
        }
        final Located routed = located.computeIfAbsent(found.getClass(), this::build);
        if (routed.router() == null) {
            routing.request().resume();
            LOG.error(
                    "{} located {}, which cannot be served: {}",
                    name(),
                    found.getClass().getName(),
                    routed.refusal());
            errors.send(routing, 500, "The resource at " + routing.request().path() + " cannot be served");
            return;
        }
        routing.put(DynamicLocator.LOCATED, found);
        if (!hasBody(routing.request())) {
            routing.request().resume();
        } // else the located route's body handler resumes it once it listens
        routed.router().handleContext(routing);
    }

    private static boolean hasBody(final HttpServerRequest request) {
        final String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        return (length != null && !length.equals("0")) || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    }

    private Located build(final Class<?> type) {
        try {
            return new Located(routes.apply(type), null);
        } catch (final IllegalArgumentException e) {
            return new Located(null, e.getMessage());
        }
    }

    private String name() {
        return locator.resourceClass().getSimpleName() + "." + locator.method().getName();
    }
}
