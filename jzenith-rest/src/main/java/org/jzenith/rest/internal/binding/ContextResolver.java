package org.jzenith.rest.internal.binding;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.rest.internal.context.RequestPreconditions;
import org.jzenith.rest.internal.context.RequestSecurity;
import org.jzenith.rest.internal.context.RequestTarget;
import org.jzenith.rest.internal.context.VertxHttpHeaders;
import org.jzenith.rest.internal.context.VertxUriInfo;
import org.jzenith.rest.internal.model.PathTemplate;
import org.jzenith.rest.internal.params.Binding;

/**
 * Resolves {@code @Context} parameters: Jakarta's HttpHeaders and UriInfo, and the Vert.x request
 * objects. Resolution runs on the event loop; what a method running elsewhere gets is a copy taken
 * there, since Vert.x's request objects may only be used on their event loop.
 */
final class ContextResolver {

    private ContextResolver() {}

    static Optional<ArgumentResolver> forType(
            final Type type, final PathTemplate path, final Supplier<Object> resource, final Execution execution) {
        if (type == HttpHeaders.class) {
            return Optional.of(
                    execution == Execution.EVENT_LOOP
                            ? context -> Binding.value(
                                    new VertxHttpHeaders(context.request().headers()))
                            : context -> Binding.value(
                                    new VertxHttpHeaders(copy(context.request().headers()))));
        } else if (type == UriInfo.class) {
            return Optional.of(uriInfo(path, resource));
        } else if (type == Request.class) {
            // Copied on the event loop: the method and the headers preconditions and variants read.
            return Optional.of(context -> Binding.value(RequestPreconditions.of(
                    context.request().method().name(), context.request().headers())));
        } else if (type == SecurityContext.class) {
            // Set by a request filter, on the event loop, before arguments are bound.
            return Optional.of(context -> Binding.value(RequestSecurity.of(context)));
        } else if (type == Vertx.class) {
            return Optional.of(context -> Binding.value(context.vertx()));
        } else if (type == RoutingContext.class
                || type == HttpServerRequest.class
                || type == HttpServerResponse.class) {
            if (execution != Execution.EVENT_LOOP) {
                throw new IllegalArgumentException("@Context " + ((Class<?>) type).getSimpleName()
                        + " can only be used on the event loop, but this method runs on "
                        + (execution == Execution.WORKER ? "a worker thread" : "a virtual thread")
                        + "; take @Context HttpHeaders or UriInfo instead, or mark the method @NonBlocking and return"
                        + " a reactive type");
            }
            if (type == RoutingContext.class) {
                return Optional.of(Binding::value);
            }
            return Optional.of(
                    type == HttpServerRequest.class
                            ? context -> Binding.value(context.request())
                            : context -> Binding.value(context.response()));
        }
        return Optional.empty();
    }

    /**
     * UriInfo answers raw and decoded path parameters, and Vert.x keeps only decoded ones: the raw
     * values are read from the path with the template's named groups.
     */
    private static ArgumentResolver uriInfo(final PathTemplate path, final Supplier<Object> resource) {
        final Pattern pattern = Pattern.compile(path.regex());
        final List<String> variables = path.variables();
        final String template = path.template();
        return context -> {
            final RequestTarget target = RequestTarget.of(context.request());
            final Map<String, String> parameters = new HashMap<>();
            final Matcher matcher = pattern.matcher(target.path());
            if (matcher.matches()) {
                for (int i = 0; i < variables.size(); i++) {
                    parameters.put(variables.get(i), matcher.group("p" + i));
                }
            }
            return Binding.value(new VertxUriInfo(target, parameters, resource, template));
        };
    }

    private static MultiMap copy(final MultiMap headers) {
        return MultiMap.caseInsensitiveMultiMap().addAll(headers);
    }
}
