package org.jzenith.rest.internal.binding;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Type;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.rest.internal.context.VertxHttpHeaders;
import org.jzenith.rest.internal.context.VertxUriInfo;
import org.jzenith.rest.internal.model.PathTemplate;
import org.jzenith.rest.internal.params.Binding;

/** Resolves {@code @Context} parameters: Jakarta's HttpHeaders and UriInfo, and the Vert.x request objects. */
final class ContextResolver {

    private ContextResolver() {}

    static Optional<ArgumentResolver> forType(
            final Type type, final PathTemplate path, final Supplier<Object> resource) {
        if (type == HttpHeaders.class) {
            return Optional.of(context -> Binding.value(new VertxHttpHeaders(context.request())));
        } else if (type == UriInfo.class) {
            // UriInfo answers raw and decoded path parameters; Vert.x only keeps decoded ones.
            final Pattern pattern = path.matcher();
            final List<String> variables = path.variables();
            return Optional.of(context -> {
                final Map<String, String> parameters = new HashMap<>();
                final Matcher matcher = pattern.matcher(context.request().path());
                if (matcher.matches()) {
                    for (int i = 0; i < variables.size(); i++) {
                        parameters.put(variables.get(i), matcher.group("p" + i));
                    }
                }
                return Binding.value(new VertxUriInfo(context, parameters, resource.get(), path.template()));
            });
        } else if (type == RoutingContext.class) {
            return Optional.of(Binding::value);
        } else if (type == HttpServerRequest.class) {
            return Optional.of(context -> Binding.value(context.request()));
        } else if (type == HttpServerResponse.class) {
            return Optional.of(context -> Binding.value(context.response()));
        } else if (type == Vertx.class) {
            return Optional.of(context -> Binding.value(context.vertx()));
        }
        return Optional.empty();
    }
}
