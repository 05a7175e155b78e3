package org.jzenith.rest.internal.binding;

import com.google.inject.TypeLiteral;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.sse.Sse;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.interceptors.Interceptors;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.DynamicLocator;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.Locator;
import org.jzenith.rest.internal.model.ParameterDefinition;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.model.PathTemplate;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.internal.params.ParamConverters;
import org.jzenith.rest.internal.params.ValueReader;
import org.jzenith.rest.internal.params.ValueReaders;
import org.jzenith.rest.internal.sse.ServerSentEvents;

/** Compiles the parameters of an endpoint into {@link ArgumentResolver}s, once, at start-up. */
public final class ArgumentResolvers {

    private ArgumentResolvers() {}

    /**
     * How an endpoint gets its arguments: one resolver per parameter, run on the event loop, and
     * for the entity parameter (if any) the reader that decodes the captured body on the thread the
     * method runs on.
     *
     * @param resolvers one per parameter, in order; the entity's captures the body
     * @param entity the entity parameter's index and reader, if the method has one
     * @param locators the resolvers of the sub-resource locators' parameters, one array per locator
     */
    public record Compiled(ArgumentResolver[] resolvers, Optional<Entity> entity, ArgumentResolver[][] locators) {

        public Compiled {
            resolvers = resolvers.clone();
            locators = locators.clone();
        }

        @Override
        public ArgumentResolver[] resolvers() {
            return resolvers.clone();
        }

        /** One array per sub-resource locator on the way, each resolving that locator's parameters. */
        @Override
        public ArgumentResolver[][] locators() {
            return locators.clone();
        }
    }

    /** The entity parameter: where it is among the arguments, and how its body is read. */
    public record Entity(int index, EntityReader reader) {}

    /**
     * The resolvers of {@code endpoint}'s parameters.
     *
     * @throws IllegalArgumentException naming the method and parameter that cannot be bound
     */
    public static Compiled compile(
            final EndpointDefinition endpoint,
            final JsonCodec json,
            final ParamConverters converters,
            final MessageBodies bodies,
            final Interceptors interceptors,
            final PrincipalResolvers principals,
            final Supplier<Object> resource) {
        final List<ParameterDefinition> parameters = endpoint.parameters();
        final ArgumentResolver[] resolvers = new ArgumentResolver[parameters.size()];
        Optional<Entity> entity = Optional.empty();
        for (int i = 0; i < resolvers.length; i++) {
            final ParameterDefinition parameter = parameters.get(i);
            try {
                if (parameter.source() == ParameterSource.ENTITY && MultipartParts.isPart(parameter.type())) {
                    resolvers[i] = MultipartParts.all(json, bodies); // the parts are the body, read by Vert.x Web
                } else if (parameter.source() == ParameterSource.ENTITY) {
                    final List<MediaType> consumes =
                            endpoint.consumes().isEmpty() ? List.of(MediaType.WILDCARD_TYPE) : endpoint.consumes();
                    final boolean withBodies = bodies.hasReaders()
                            && bodies.reads(TypeLiteral.get(parameter.type()).getRawType(), parameter.type(), consumes);
                    final EntityReader reader = withBodies
                            ? EntityResolver.withBodies(parameter.type(), json, bodies, endpoint.consumes())
                            : EntityResolver.forType(parameter.type(), json);
                    final List<ReaderInterceptor> readerInterceptors = interceptors.readersFor(endpoint);
                    resolvers[i] = withBodies || !readerInterceptors.isEmpty()
                            ? EntityResolver.captureWithHeaders()
                            : EntityResolver.capture();
                    entity = Optional.of(new Entity(
                            i,
                            readerInterceptors.isEmpty()
                                    ? reader
                                    : EntityResolver.intercepted(
                                            reader,
                                            withBodies,
                                            readerInterceptors,
                                            parameter.type(),
                                            endpoint.consumes())));
                } else if (parameter.source() == ParameterSource.PRINCIPAL) {
                    resolvers[i] = principals.forParameter(parameter);
                } else {
                    resolvers[i] = compile(
                            parameter, endpoint.path(), json, bodies, converters, resource, endpoint.execution());
                }
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException("parameter " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        final ArgumentResolver[][] locators =
                new ArgumentResolver[endpoint.locators().size()][];
        for (int l = 0; l < locators.length; l++) {
            final Locator locator = endpoint.locators().get(l);
            if (DynamicLocator.Located.isHandOver(locator.method())) {
                // What the dynamic locator returned for this request, handed on without calling it again.
                locators[l] = new ArgumentResolver[] {context -> Binding.value(context.get(DynamicLocator.LOCATED))};
                continue;
            }
            locators[l] = new ArgumentResolver[locator.parameters().size()];
            for (int i = 0; i < locators[l].length; i++) {
                try {
                    locators[l][i] = compile(
                            locator.parameters().get(i),
                            endpoint.path(),
                            json,
                            converters,
                            resource,
                            endpoint.execution());
                } catch (final IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "the locator " + locator.method().getName() + "'s parameter " + (i + 1) + ": "
                                    + e.getMessage(),
                            e);
                }
            }
        }
        return new Compiled(resolvers, entity, locators);
    }

    static ArgumentResolver compile(
            final ParameterDefinition parameter,
            final PathTemplate path,
            final JsonCodec json,
            final ParamConverters converters,
            final Supplier<Object> resource,
            final Execution execution) {
        // A bean parameter's parts are read as JSON, text or bytes only; a method's own with its readers too.
        return compile(parameter, path, json, MessageBodies.none(), converters, resource, execution);
    }

    static ArgumentResolver compile(
            final ParameterDefinition parameter,
            final PathTemplate path,
            final JsonCodec json,
            final MessageBodies bodies,
            final ParamConverters converters,
            final Supplier<Object> resource,
            final Execution execution) {
        final String name = parameter.name();
        final boolean encoded = parameter.annotations().stream().anyMatch(Encoded.class::isInstance);
        return switch (parameter.source()) {
            case PATH -> {
                final String vertxName = path.vertxName(name).orElseThrow();
                if (encoded) {
                    final EncodedValues.RawValue raw = EncodedValues.path(path, name);
                    yield single(parameter, converters, raw::of);
                }
                yield PathSegments.forType(parameter.type(), vertxName)
                        .orElseGet(() -> single(parameter, converters, context -> context.pathParam(vertxName)));
            }
            case MATRIX ->
                values(
                        parameter,
                        converters,
                        encoded
                                ? EncodedValues.matrix(name)::of
                                : context -> PathSegments.matrixParameter(context, name));
            case QUERY -> {
                if (encoded) {
                    yield values(parameter, converters, EncodedValues.query(name)::of);
                }
                final ValueReader reader = reader(parameter, converters);
                yield context -> QueryParameters.values(context, name, reader::read);
            }
            case HEADER ->
                values(parameter, converters, context -> context.request()
                        .headers()
                        .getAll(name));
            case COOKIE ->
                single(parameter, converters, context -> {
                    final Cookie cookie = context.request().getCookie(name);
                    return cookie == null ? null : cookie.getValue();
                });
            case FORM ->
                MultipartParts.isPart(parameter.type())
                        ? MultipartParts.named(name, parameter.type(), json, bodies)
                        : values(parameter, converters, context -> context.request()
                                .formAttributes()
                                .getAll(name));
            case ENTITY ->
                throw new IllegalArgumentException(
                        "the request body cannot be read into a member of a bean parameter; use @QueryParam,"
                                + " @PathParam, @HeaderParam, @CookieParam, @FormParam or @Context there");
            case CONTEXT ->
                parameter.type() == Sse.class
                        ? sse(json)
                        : ContextResolver.forType(parameter.type(), path, resource, execution)
                                .orElseThrow(() -> new IllegalArgumentException(
                                        "@Context " + parameter.type().getTypeName()
                                                + " is not supported; use HttpHeaders, UriInfo, SecurityContext, Request, RoutingContext,"
                                                + " HttpServerRequest, HttpServerResponse or Vertx"));
            case PRINCIPAL ->
                throw new IllegalArgumentException(parameter.description()
                        + " is read on a resource method's own parameter only, not in a @BeanParam or a"
                        + " sub-resource locator's parameters; move it to the resource method");
            case BEAN -> BeanParamResolver.forType(parameter.type(), path, json, converters, resource, execution);
            // The endpoint's handler makes the AsyncResponse or the event sink, which answer through its writers.
            case SUSPENDED, EVENT_SINK -> context -> Binding.value(null);
        };
    }

    /**
     * The resolver of the per-request context of {@code type} ({@code UriInfo}, {@code HttpHeaders},
     * {@code Request}, {@code SecurityContext}) for {@code endpoint}, as an {@code @Context}
     * parameter would get it.
     */
    public static ArgumentResolver context(
            final Type type, final EndpointDefinition endpoint, final Supplier<Object> resource) {
        return ContextResolver.forType(type, endpoint.path(), resource, endpoint.execution())
                .orElseThrow();
    }

    private static ArgumentResolver sse(final JsonCodec json) {
        final Sse sse = new ServerSentEvents(json);
        return context -> Binding.value(sse);
    }

    private interface RawValues {
        List<String> of(RoutingContext context);
    }

    private interface RawValue {
        String of(RoutingContext context);
    }

    private static ArgumentResolver values(
            final ParameterDefinition parameter, final ParamConverters converters, final RawValues raw) {
        final ValueReader reader = reader(parameter, converters);
        return context -> reader.read(raw.of(context));
    }

    private static ArgumentResolver single(
            final ParameterDefinition parameter, final ParamConverters converters, final RawValue raw) {
        final ValueReader reader = reader(parameter, converters);
        return context -> {
            final String value = raw.of(context);
            return reader.read(value == null ? List.of() : List.of(value));
        };
    }

    private static ValueReader reader(final ParameterDefinition parameter, final ParamConverters converters) {
        final Type type = parameter.type();
        return ValueReaders.forType(
                        type, parameter.defaultValue(), parameter.description(), converters, parameter.annotations())
                .orElseThrow(() -> new IllegalArgumentException(parameter.description() + " has the type "
                        + type.getTypeName() + ", which cannot be read from text; use String, a primitive, UUID,"
                        + " an enum, Optional/List/Set of those, or a type with valueOf(String), fromString(String)"
                        + " or a String constructor, or register a ParamConverterProvider"));
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
