package org.jzenith.rest.internal.invoke;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.Counter;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.io.Reader;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jzenith.rest.ReactiveAdapter;
import org.jzenith.rest.internal.Providers;
import org.jzenith.rest.internal.RestExtensions;
import org.jzenith.rest.internal.RestGuards;
import org.jzenith.rest.internal.RestRequests;
import org.jzenith.rest.internal.RestResponses;
import org.jzenith.rest.internal.binding.ArgumentResolver;
import org.jzenith.rest.internal.binding.ArgumentResolvers;
import org.jzenith.rest.internal.binding.MultipartParts;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.context.ContextFields;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.filters.EndpointFilters;
import org.jzenith.rest.internal.interceptors.Interceptors;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.limits.RequestAdmission;
import org.jzenith.rest.internal.model.DynamicLocator;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.model.ReturnKind;
import org.jzenith.rest.internal.sse.ServerSentEvents;

/** Prepares everything an {@link EndpointHandler} needs, once, at start-up. */
public final class EndpointHandlerFactory {

    private final RestResponses responses;
    private final RestExtensions extensions;
    private final RestRequests requests;
    private final RestGuards guards;
    private final ServerSentEvents events;
    /** The codecs of the mappers a resolver gives for particular types, by mapper (identity). */
    private final Map<ObjectMapper, JsonCodec> codecs = new IdentityHashMap<>();

    /**
     * Takes what the handlers share, made once for the server: how responses are written, what the
     * application plugs in, what runs and ends a request, and what a request must get past.
     */
    public EndpointHandlerFactory(
            final RestResponses responses,
            final RestExtensions extensions,
            final RestRequests requests,
            final RestGuards guards) {
        this.responses = responses;
        this.extensions = extensions;
        this.requests = requests;
        this.guards = guards;
        this.events = new ServerSentEvents(responses.json());
    }

    /**
     * The JSON codec of {@code endpoint}: the one of the mapper the application's {@code
     * ContextResolver<ObjectMapper>} gives for the result's type, else for the body parameter's type,
     * when it gives one of its own for that type; else the application's.
     */
    private JsonCodec codecFor(final EndpointDefinition endpoint) {
        final Providers providers = extensions.providers();
        final Optional<ObjectMapper> own = providers
                .objectMapperFor(TypeLiteral.get(endpoint.valueType()).getRawType())
                .or(() -> endpoint.parameters().stream()
                        .filter(parameter -> parameter.source() == ParameterSource.ENTITY)
                        .findFirst()
                        .flatMap(parameter -> providers.objectMapperFor(
                                TypeLiteral.get(parameter.type()).getRawType())));
        if (own.isEmpty()) {
            return responses.json();
        }
        synchronized (codecs) {
            return codecs.computeIfAbsent(own.get(), JsonCodec::of);
        }
    }

    /**
     * A handler for {@code endpoint} whose resource instances come from {@code resource}, behind
     * the request's one completion hook and the admission.
     *
     * @throws IllegalArgumentException naming the method when it cannot be bound
     */
    public Handler<RoutingContext> create(final EndpointDefinition endpoint, final Supplier<Object> resource) {
        final JsonCodec json = codecFor(endpoint);
        final Providers providers = extensions.providers();
        final MessageBodies bodies = providers.messageBodies();
        final Interceptors interceptors = providers.interceptors();
        final ErrorResponder errors = responses.errors();
        final ThreadFactory virtualThreads = requests.virtualThreads();
        final ArgumentResolvers.Compiled arguments;
        try {
            arguments = ArgumentResolvers.compile(
                    endpoint, json, providers.paramConverters(), bodies, interceptors, guards.principals(), resource);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(endpoint.displayName() + ", " + e.getMessage(), e);
        }
        final BodyWriter body = new BodyWriter(
                json,
                endpoint.valueType(),
                endpoint.produces(),
                endpoint.producesDeclared(),
                responses.headers(),
                extensions.filtering(),
                bodies,
                interceptors.writersFor(endpoint));
        final ArgumentResolver[] current = currentResolvers(endpoint, resource);
        final EndpointFilters endpointFilters =
                extensions.dynamic().filtersFor(endpoint, providers.filters().forEndpoint(endpoint));
        final Answering answering = new Answering(errors, endpoint.displayName(), current.length > 0);
        final Optional<EventStream.Elements> eventElements = eventElements(endpoint);
        final ResultHandler results = endpoint.returnKind() == ReturnKind.ADAPTED
                ? ResultHandler.adapted(
                        extensions
                                .adapters()
                                .find(endpoint.method().getReturnType())
                                .orElseThrow(),
                        body,
                        errors,
                        endpoint.displayName(),
                        eventElements)
                : ResultHandler.of(endpoint.returnKind(), body, errors, endpoint.displayName(), eventElements);
        final WriteStage write = new WriteStage(endpoint, results, body, virtualThreads, errors, answering);
        final InvokeStage invoke = new InvokeStage(
                resource,
                invoker(endpoint),
                arguments.entity(),
                locators(endpoint),
                guards.validator().flatMap(v -> ParameterValidation.of(endpoint, v)),
                errors,
                answering,
                write);
        final AuthenticateStage authenticate =
                new AuthenticateStage(guards.authenticating(), endpointFilters, errors, answering);
        final EndpointHandler handler = new EndpointHandler(
                endpoint,
                requests.tracing(),
                authenticate,
                new FilterStage(endpoint, resource, endpointFilters, authenticate, errors, current),
                new BindStage(
                        endpoint,
                        arguments,
                        contentTypeCheck(endpoint, bodies),
                        decodesText(endpoint, bodies),
                        (routing, context) -> new SuspendedResponse(
                                routing, context, body, errors, endpoint.displayName(), requests.suspendTimeout()),
                        events,
                        body,
                        errors),
                new DispatchStage(endpoint.execution(), virtualThreads, requests.tracing(), answering, invoke),
                answering);
        return RequestCompletion.of(
                metrics(endpoint),
                RequestAdmission.appliesTo(endpoint) ? Optional.of(requests.admission()) : Optional.empty(),
                handler);
    }

    /**
     * The handler of a locator returning {@code Object} or {@code Class<?>} (see {@link
     * DynamicLocatorHandler}): {@code instances} makes a class it returns, {@code routes} builds the
     * routes of a located class (once per class).
     *
     * @throws IllegalArgumentException naming the locator when its parameters cannot be bound
     */
    public Handler<RoutingContext> dynamic(
            final DynamicLocator locator,
            final Supplier<Object> resource,
            final java.util.function.Function<Class<?>, Object> instances,
            final java.util.function.Function<Class<?>, io.vertx.ext.web.Router> routes) {
        final EndpointDefinition way = locator.asEndpoint();
        final Providers providers = extensions.providers();
        final ArgumentResolvers.Compiled arguments;
        try {
            arguments = ArgumentResolvers.compile(
                    way,
                    responses.json(),
                    providers.paramConverters(),
                    providers.messageBodies(),
                    providers.interceptors(),
                    guards.principals(),
                    resource);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(way.displayName() + ", " + e.getMessage(), e);
        }
        return new DynamicLocatorHandler(
                locator,
                resource,
                arguments.locators(),
                locators(way),
                instances,
                routes,
                requests.virtualThreads(),
                responses.errors());
    }

    /**
     * How {@code endpoint} writes the elements of the stream it returns as server-sent events, when it
     * produces {@code text/event-stream}; empty for every other endpoint.
     */
    private Optional<EventStream.Elements> eventElements(final EndpointDefinition endpoint) {
        final boolean stream =
                switch (endpoint.returnKind()) {
                    case FLOWABLE, OBSERVABLE -> true;
                    case ADAPTED ->
                        extensions
                                        .adapters()
                                        .find(endpoint.method().getReturnType())
                                        .orElseThrow()
                                instanceof ReactiveAdapter.Many;
                    default -> false;
                };
        if (!stream
                || endpoint.produces().stream().noneMatch(MediaType.SERVER_SENT_EVENTS_TYPE::isCompatible)
                || endpoint.produces().stream().anyMatch(MediaType::isWildcardType)) {
            return Optional.empty();
        }
        final Counter cancelled = Counter.builder("rest_event_streams_cancelled_total")
                .description("Event streams a resource method returned, cancelled because their client went away")
                .tag("method", endpoint.httpMethod())
                .tag("uri", endpoint.path().template())
                .register(requests.registry());
        return Optional.of(new EventStream.Elements(events, StreamElementType.of(endpoint.method()), cancelled));
    }

    private EndpointMetrics metrics(final EndpointDefinition endpoint) {
        return new EndpointMetrics(
                requests.registry(),
                endpoint.httpMethod(),
                endpoint.path().template(),
                switch (endpoint.execution()) {
                    case EVENT_LOOP -> "event loop";
                    case VIRTUAL_THREAD -> "virtual thread";
                    case WORKER -> "worker";
                },
                endpoint.resourceClass().getName() + "." + endpoint.method().getName());
    }

    /**
     * A handle of the shape {@code (Object resource, Object[] arguments) -> Object}, for invokeExact.
     *
     * @throws IllegalArgumentException when the method cannot be called from here (not public)
     */
    public static MethodHandle invoker(final EndpointDefinition endpoint) {
        return invoker(endpoint.method());
    }

    /** The resolvers of the contexts {@link CurrentRequest} holds, where the resource has such fields. */
    private ArgumentResolver[] currentResolvers(final EndpointDefinition endpoint, final Supplier<Object> resource) {
        if (!extensions.providersNeedCurrent()
                && !ContextFields.needsCurrentRequest(endpoint.resourceClass())
                && !ContextFields.needsCurrentRequest(endpoint.annotatedClass())) {
            return new ArgumentResolver[0];
        }
        return List.of(UriInfo.class, HttpHeaders.class, Request.class, SecurityContext.class).stream()
                .map(type -> ArgumentResolvers.context(type, endpoint, resource))
                .toArray(ArgumentResolver[]::new);
    }

    /** The handle of the sub-resource locators of {@code endpoint}, in order, of the same shape. */
    static MethodHandle[] locators(final EndpointDefinition endpoint) {
        return endpoint.locators().stream()
                .map(locator ->
                        DynamicLocator.Located.isHandOver(locator.method()) ? HAND_OVER : invoker(locator.method()))
                .toArray(MethodHandle[]::new);
    }

    /**
     * The hand-over step of a located class's endpoints, {@code (Object resource, Object[] {located})
     * -> located}: what the dynamic locator returned for this request, without calling it again.
     */
    private static final MethodHandle HAND_OVER = handOver();

    private static MethodHandle handOver() {
        // (Object resource, Object[] arguments) -> arguments[0]
        final MethodHandle first = MethodHandles.arrayElementGetter(Object[].class);
        return MethodHandles.dropArguments(MethodHandles.insertArguments(first, 1, 0), 0, Object.class);
    }

    private static MethodHandle invoker(final Method method) {
        try {
            final MethodHandles.Lookup lookup =
                    MethodHandles.privateLookupIn(method.getDeclaringClass(), MethodHandles.lookup());
            final int arity = method.getParameterCount();
            return lookup.unreflect(method)
                    .asType(MethodType.genericMethodType(arity + 1))
                    .asSpreader(Object[].class, arity);
        } catch (final IllegalAccessException e) {
            throw new IllegalArgumentException("cannot be called: " + e.getMessage() + "; make it public", e);
        }
    }

    /**
     * Whether jZenith decodes {@code endpoint}'s body as UTF-8 text itself: a JSON entity, form fields, a
     * {@code String} or {@code Reader} entity, but not one the application's readers read (they get the
     * charset with the media type) nor bytes.
     */
    private static boolean decodesText(final EndpointDefinition endpoint, final MessageBodies bodies) {
        return endpoint.parameters().stream()
                .anyMatch(p -> p.source() == ParameterSource.FORM
                        || (p.source() == ParameterSource.ENTITY
                                && !(bodies.hasReaders()
                                        && bodies.reads(
                                                TypeLiteral.get(p.type()).getRawType(),
                                                p.type(),
                                                List.of(MediaType.WILDCARD_TYPE)))
                                && p.type() != byte[].class
                                && p.type() != InputStream.class
                                && !p.type().getTypeName().equals("io.vertx.core.buffer.Buffer")));
    }

    /**
     * Which request content types the endpoint reads. Declared {@code @Consumes} types are checked
     * by Vert.x routing; without them, a JSON body must be JSON (text and bytes take anything).
     */
    private static Optional<Predicate<String>> contentTypeCheck(
            final EndpointDefinition endpoint, final MessageBodies bodies) {
        final boolean jsonEntity = endpoint.parameters().stream()
                .anyMatch(p -> p.source() == ParameterSource.ENTITY
                        // A type the application's readers read may come in any media type they take.
                        && !(bodies.hasReaders()
                                && bodies.reads(
                                        TypeLiteral.get(p.type()).getRawType(),
                                        p.type(),
                                        List.of(MediaType.WILDCARD_TYPE)))
                        && p.type() != String.class
                        && p.type() != byte[].class
                        && p.type() != InputStream.class
                        && p.type() != Reader.class
                        && !p.type().getTypeName().equals("io.vertx.core.buffer.Buffer"));
        final boolean multipart = MultipartParts.takesParts(endpoint);
        final boolean form =
                multipart || endpoint.parameters().stream().anyMatch(p -> p.source() == ParameterSource.FORM);
        if (!endpoint.consumes().isEmpty() || !(jsonEntity || form)) {
            return Optional.empty();
        }
        final List<String> accepted = form
                ? List.of(MediaType.APPLICATION_FORM_URLENCODED, MediaType.MULTIPART_FORM_DATA)
                : List.of(MediaType.APPLICATION_JSON);
        return Optional.of(contentType -> {
            final int semicolon = contentType.indexOf(';');
            final String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
            return accepted.stream().anyMatch(type::equalsIgnoreCase) || (!form && type.endsWith("+json"));
        });
    }
}
