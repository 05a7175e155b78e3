package org.jzenith.rest.internal.binding;

import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import java.lang.reflect.Type;
import java.util.List;
import java.util.function.Supplier;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterDefinition;
import org.jzenith.rest.internal.model.PathTemplate;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.internal.params.ValueReader;
import org.jzenith.rest.internal.params.ValueReaders;

/** Compiles the parameters of an endpoint into {@link ArgumentResolver}s, once, at start-up. */
public final class ArgumentResolvers {

    private ArgumentResolvers() {}

    /**
     * One resolver per parameter of {@code endpoint}.
     *
     * @throws IllegalArgumentException naming the method and parameter that cannot be bound
     */
    public static ArgumentResolver[] compile(
            final EndpointDefinition endpoint, final JsonCodec json, final Supplier<Object> resource) {
        final List<ParameterDefinition> parameters = endpoint.parameters();
        final ArgumentResolver[] resolvers = new ArgumentResolver[parameters.size()];
        for (int i = 0; i < resolvers.length; i++) {
            try {
                resolvers[i] = compile(parameters.get(i), endpoint.path(), json, resource);
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        endpoint.displayName() + ", parameter " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return resolvers;
    }

    static ArgumentResolver compile(
            final ParameterDefinition parameter,
            final PathTemplate path,
            final JsonCodec json,
            final Supplier<Object> resource) {
        final String name = parameter.name();
        return switch (parameter.source()) {
            case PATH -> {
                final String vertxName = path.vertxName(name).orElseThrow();
                yield single(parameter, context -> context.pathParam(vertxName));
            }
            case QUERY -> values(parameter, context -> context.queryParam(name));
            case HEADER ->
                values(parameter, context -> context.request().headers().getAll(name));
            case COOKIE ->
                single(parameter, context -> {
                    final Cookie cookie = context.request().getCookie(name);
                    return cookie == null ? null : cookie.getValue();
                });
            case FORM ->
                values(parameter, context -> context.request().formAttributes().getAll(name));
            case ENTITY -> EntityResolver.forType(parameter.type(), json);
            case CONTEXT ->
                ContextResolver.forType(parameter.type(), path, resource)
                        .orElseThrow(() -> new IllegalArgumentException(
                                "@Context " + parameter.type().getTypeName()
                                        + " is not supported; use HttpHeaders, UriInfo, RoutingContext, HttpServerRequest,"
                                        + " HttpServerResponse or Vertx"));
            case BEAN -> BeanParamResolver.forType(parameter.type(), path, json, resource);
        };
    }

    private interface RawValues {
        List<String> of(RoutingContext context);
    }

    private interface RawValue {
        String of(RoutingContext context);
    }

    private static ArgumentResolver values(final ParameterDefinition parameter, final RawValues raw) {
        final ValueReader reader = reader(parameter);
        return context -> reader.read(raw.of(context));
    }

    private static ArgumentResolver single(final ParameterDefinition parameter, final RawValue raw) {
        final ValueReader reader = reader(parameter);
        return context -> {
            final String value = raw.of(context);
            return reader.read(value == null ? List.of() : List.of(value));
        };
    }

    private static ValueReader reader(final ParameterDefinition parameter) {
        final Type type = parameter.type();
        return ValueReaders.forType(type, parameter.defaultValue(), parameter.description())
                .orElseThrow(() -> new IllegalArgumentException(parameter.description() + " has the type "
                        + type.getTypeName() + ", which cannot be read from text; use String, a primitive, UUID,"
                        + " an enum, Optional/List/Set of those, or a type with valueOf(String), fromString(String)"
                        + " or a String constructor"));
    }

    /** Whether every resolver produced a value; the first invalid binding otherwise. */
    static Binding firstInvalid(final Binding[] bindings) {
        for (final Binding binding : bindings) {
            if (binding instanceof Binding.Invalid) {
                return binding;
            }
        }
        return Binding.value(null);
    }
}
