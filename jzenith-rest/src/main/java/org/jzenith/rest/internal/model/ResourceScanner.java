package org.jzenith.rest.internal.model;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.SseEventSink;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.core.spi.execution.ExecutionRule;
import org.jzenith.rest.internal.adapters.ReactiveAdapters;
import org.jzenith.rest.internal.context.ContextFields;

/**
 * Reads the Jakarta REST annotations of a resource class once, at start-up, into {@link
 * EndpointDefinition}s. Anything it cannot bind is an error that names the method and the fix.
 */
public final class ResourceScanner {

    /** Types that only {@code @Context} provides; without it such a parameter would be read as the body. */
    private static final Set<String> CONTEXT_TYPES = Set.of(
            "jakarta.ws.rs.core.Request",
            "jakarta.ws.rs.core.HttpHeaders",
            "jakarta.ws.rs.core.UriInfo",
            "jakarta.ws.rs.core.SecurityContext",
            "jakarta.ws.rs.container.AsyncResponse",
            "jakarta.ws.rs.sse.Sse",
            "jakarta.ws.rs.sse.SseEventSink",
            "io.vertx.ext.web.RoutingContext",
            "io.vertx.core.http.HttpServerRequest",
            "io.vertx.core.http.HttpServerResponse");

    private ResourceScanner() {}

    /**
     * The endpoints of {@code resourceClass}, under {@code basePath} (an {@code @ApplicationPath}).
     *
     * @throws IllegalArgumentException naming the class or method that cannot be bound
     */
    public static List<EndpointDefinition> scan(
            final Class<?> resourceClass, final String basePath, final ReactiveAdapters adapters) {
        return scan(resourceClass, basePath, adapters, new ArrayList<>());
    }

    /**
     * The endpoints of {@code resourceClass}, and into {@code dynamic} its locators that return
     * {@code Object} or {@code Class<?>}, whose endpoints are known only at request time.
     *
     * @throws IllegalArgumentException naming the class or method that cannot be bound
     */
    public static List<EndpointDefinition> scan(
            final Class<?> resourceClass,
            final String basePath,
            final ReactiveAdapters adapters,
            final List<DynamicLocator> dynamic) {
        final Path classPath = classPath(resourceClass);
        if (classPath == null) {
            throw new IllegalArgumentException(
                    resourceClass.getName()
                            + " is named in RestPlugin.withResources(...) but has no @Path; annotate the class with @Path(\"/...\")");
        }
        ContextFields.problem(resourceClass).ifPresent(problem -> {
            throw new IllegalArgumentException(resourceClass.getSimpleName() + " " + problem);
        });
        final int dynamicBefore = dynamic.size();
        final List<EndpointDefinition> endpoints = endpointsOf(
                resourceClass,
                resourceClass,
                PathTemplate.join(basePath, classPath.value()),
                adapters,
                List.of(),
                dynamic);
        if (endpoints.isEmpty() && dynamic.size() == dynamicBefore) {
            throw new IllegalArgumentException(resourceClass.getName()
                    + " has no public method with an HTTP method annotation (@GET, @POST, ...)");
        }
        return endpoints;
    }

    /**
     * The endpoints of {@code located}, the class a dynamic locator returned, under the locator's
     * {@code prefix}, reached from {@code resourceClass} through {@code handOver}.
     *
     * @throws IllegalArgumentException saying why {@code located} cannot be a resource
     */
    public static List<EndpointDefinition> locatedEndpoints(
            final Class<?> resourceClass,
            final Class<?> located,
            final PathTemplate prefix,
            final ReactiveAdapters adapters,
            final Locator handOver) {
        final List<DynamicLocator> nested = new ArrayList<>();
        final List<EndpointDefinition> endpoints =
                endpointsOf(resourceClass, located, prefix.template(), adapters, List.of(handOver), nested);
        if (!nested.isEmpty()) {
            throw new IllegalArgumentException(located.getSimpleName() + " has a sub-resource locator returning Object"
                    + " or Class itself; one such step on the way is served");
        }
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException(
                    located.getSimpleName() + " has no public method with an HTTP method annotation");
        }
        return endpoints;
    }

    /**
     * The endpoints of the public methods of {@code type} (the resource, or a sub-resource reached
     * through {@code locators}) under {@code prefix}: those with an HTTP method, and those reached
     * through its own locators.
     */
    private static List<EndpointDefinition> endpointsOf(
            final Class<?> resourceClass,
            final Class<?> type,
            final String prefix,
            final ReactiveAdapters adapters,
            final List<Locator> locators,
            final List<DynamicLocator> dynamic) {
        final List<EndpointDefinition> endpoints = new ArrayList<>();
        final Method[] methods = type.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(Method::toGenericString));
        for (final Method method : methods) {
            if (method.isBridge() || method.isSynthetic() || Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            final Method annotated = annotatedVersion(method);
            final Optional<String> httpMethod = httpMethod(annotated);
            if (httpMethod.isPresent()) {
                endpoints.add(
                        endpoint(resourceClass, type, prefix, method, annotated, httpMethod.get(), adapters, locators));
            } else if (annotated.isAnnotationPresent(Path.class)) {
                endpoints.addAll(subResource(resourceClass, prefix, method, annotated, adapters, locators, dynamic));
            }
        }
        return endpoints;
    }

    /** {@code template} compiled, or a failure naming the method whose path it is. */
    private static PathTemplate template(final String template, final Class<?> resourceClass, final Method method) {
        try {
            return PathTemplate.parse(template);
        } catch (final RuntimeException e) {
            throw new IllegalArgumentException(name(resourceClass, method) + ": " + e.getMessage(), e);
        }
    }

    /** How deep sub-resource locators may nest: deeper is almost surely a cycle. */
    private static final int MAX_LOCATORS = 8;

    /**
     * The endpoints reached through the locator {@code method}: those of the class it returns,
     * under its path, and through that class's own locators.
     */
    private static List<EndpointDefinition> subResource(
            final Class<?> resourceClass,
            final String prefix,
            final Method method,
            final Method annotated,
            final ReactiveAdapters adapters,
            final List<Locator> before,
            final List<DynamicLocator> dynamic) {
        final String template =
                PathTemplate.join(prefix, annotated.getAnnotation(Path.class).value());
        final PathTemplate path = template(template, resourceClass, method);
        final List<ParameterDefinition> parameters = parameters(resourceClass, method, annotated, path);
        if (parameters.stream()
                .anyMatch(parameter -> parameter.source() != ParameterSource.PATH
                        && parameter.source() != ParameterSource.QUERY
                        && parameter.source() != ParameterSource.MATRIX
                        && parameter.source() != ParameterSource.HEADER
                        && parameter.source() != ParameterSource.COOKIE
                        && parameter.source() != ParameterSource.CONTEXT)) {
            throw new IllegalArgumentException(name(resourceClass, method) + " is a sub-resource locator (@Path without"
                    + " an HTTP method); it may take path, query, header, cookie and @Context parameters only");
        }
        final Class<?> subResourceClass = method.getReturnType();
        if (subResourceClass.isPrimitive()) {
            throw new IllegalArgumentException(name(resourceClass, method) + " is a sub-resource locator returning "
                    + subResourceClass.getSimpleName() + "; it returns the sub-resource, its class, or Object");
        }
        final List<Locator> locators = new ArrayList<>(before);
        locators.add(new Locator(method, parameters));
        if (locators.size() > MAX_LOCATORS) {
            throw new IllegalArgumentException(name(resourceClass, method) + ": sub-resource locators nest more than "
                    + MAX_LOCATORS + " deep; is there a cycle?");
        }
        if (subResourceClass == Object.class || subResourceClass == Class.class) {
            // What it returns is known at request time: its routes are built then, once per class.
            dynamic.add(new DynamicLocator(resourceClass, path, locators));
            return List.of();
        }
        final List<EndpointDefinition> endpoints =
                endpointsOf(resourceClass, subResourceClass, template, adapters, locators, dynamic);
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException(name(resourceClass, method) + " is a sub-resource locator, but "
                    + subResourceClass.getSimpleName() + " has no public method with an HTTP method annotation");
        }
        return endpoints;
    }

    private static EndpointDefinition endpoint(
            final Class<?> resourceClass,
            final Class<?> declaringResource,
            final String prefix,
            final Method method,
            final Method annotated,
            final String httpMethod,
            final ReactiveAdapters adapters,
            final List<Locator> locators) {
        final Path methodPath = annotated.getAnnotation(Path.class);
        final PathTemplate path = template(
                PathTemplate.join(prefix, methodPath == null ? "" : methodPath.value()), resourceClass, method);
        final List<ParameterDefinition> parameters = parameters(resourceClass, method, annotated, path);
        final Optional<ParameterDefinition> answersThrough = parameters.stream()
                .filter(parameter -> parameter.source() == ParameterSource.SUSPENDED
                        || parameter.source() == ParameterSource.EVENT_SINK)
                .findFirst();
        final boolean suspended = answersThrough.isPresent();
        if (suspended && method.getReturnType() != void.class) {
            final String through = answersThrough.get().source() == ParameterSource.SUSPENDED
                    ? "a @Suspended AsyncResponse"
                    : "an @Context SseEventSink";
            throw new IllegalArgumentException(name(resourceClass, method) + " takes " + through + " but returns "
                    + method.getReturnType().getSimpleName() + "; it answers through that parameter, so it returns"
                    + " void");
        }
        final ReturnKind declared = suspended ? ReturnKind.SUSPENDED : ReturnKind.of(method.getReturnType());
        final ReturnKind returnKind = declared == ReturnKind.VALUE
                        && adapters.find(method.getReturnType()).isPresent()
                ? ReturnKind.ADAPTED
                : declared;
        if (returnKind == ReturnKind.VALUE) {
            AsynchronousTypes.unsupported(method.getReturnType()).ifPresent(type -> {
                throw new IllegalArgumentException(name(resourceClass, method) + " returns " + type
                        + ", an asynchronous type jZenith does not subscribe to (the client would get its"
                        + " toString()); return a CompletionStage, a Vert.x Future, an RxJava 3 type or the"
                        + " plain value, or register a ReactiveAdapter for it with RestPlugin.withAdapters"
                        + " (Mutiny's and Reactor's types are adapted when their library is on the classpath)");
            });
        }
        // Without @Produces a method produces */* (Jakarta REST): JSON unless Accept, the Response or a writer says
        // otherwise.
        final Optional<List<MediaType>> produces = mediaTypes(annotated, declaringResource, Produces.class);
        return new EndpointDefinition(
                resourceClass,
                method,
                httpMethod,
                path,
                produces.orElse(List.of(MediaType.APPLICATION_JSON_TYPE)),
                mediaTypes(annotated, declaringResource, Consumes.class).orElse(List.of()),
                parameters,
                returnKind,
                returnKind.valueType(method.getGenericReturnType()),
                execution(declaringResource, method, annotated, returnKind),
                locators,
                produces.isPresent());
    }

    private static List<ParameterDefinition> parameters(
            final Class<?> resourceClass, final Method method, final Method annotated, final PathTemplate path) {
        final List<ParameterDefinition> definitions = new ArrayList<>();
        final Parameter[] parameters = method.getParameters();
        final Annotation[][] annotations = annotated.getParameterAnnotations();
        boolean entitySeen = false;
        for (int i = 0; i < parameters.length; i++) {
            ParameterDefinition definition =
                    parameter(parameters[i], withEncoded(annotations[i], annotated, resourceClass));
            if (definition.source() == ParameterSource.ENTITY
                    && parameters[i].isNamePresent()
                    && path.variables().contains(parameters[i].getName())
                    && !CONTEXT_TYPES.contains(definition.type().getTypeName())) {
                // Quarkus REST's convention: an unannotated parameter named like a path variable is that variable.
                definition = new ParameterDefinition(
                        ParameterSource.PATH,
                        parameters[i].getName(),
                        definition.type(),
                        definition.defaultValue(),
                        definition.annotations());
            }
            if (definition.source() == ParameterSource.ENTITY) {
                if (CONTEXT_TYPES.contains(definition.type().getTypeName())) {
                    throw new IllegalArgumentException(name(resourceClass, method) + " has a parameter of type "
                            + ((Class<?>) definition.type()).getSimpleName() + " without an annotation, which would"
                            + " make it the request body; annotate it "
                            + (definition.type() == AsyncResponse.class ? "@Suspended" : "@Context"));
                }
                if (entitySeen) {
                    throw new IllegalArgumentException(name(resourceClass, method)
                            + " has more than one parameter without a Jakarta REST annotation; only one can be the"
                            + " request body"
                            + (parameters[i].isNamePresent() || path.variables().isEmpty()
                                    ? ""
                                    : ". A parameter named like a path variable " + path.variables()
                                            + " is that variable (Quarkus's convention), but "
                                            + resourceClass.getSimpleName() + " was compiled without parameter"
                                            + " names: compile it with -parameters (maven-compiler-plugin"
                                            + " <parameters>true</parameters>) or annotate it @PathParam"));
                }
                entitySeen = true;
            }
            if (definition.source() == ParameterSource.PATH
                    && path.vertxName(definition.name()).isEmpty()) {
                throw new IllegalArgumentException(name(resourceClass, method) + " reads @PathParam(\""
                        + definition.name() + "\") but the path " + path.template() + " has no {"
                        + definition.name() + "}");
            }
            definitions.add(definition);
        }
        return definitions;
    }

    /**
     * A parameter's annotations, with the {@code @Encoded} of its method or class when it has none of
     * its own: Jakarta REST lets either say that all of a method's parameters stay encoded.
     */
    private static List<Annotation> withEncoded(
            final Annotation[] annotations, final Method method, final Class<?> resourceClass) {
        final List<Annotation> all = new ArrayList<>(List.of(annotations));
        if (all.stream().noneMatch(Encoded.class::isInstance)) {
            Optional.ofNullable(method.getAnnotation(Encoded.class))
                    .or(() -> Optional.ofNullable(resourceClass.getAnnotation(Encoded.class)))
                    .ifPresent(all::add);
        }
        return all;
    }

    /** Reads one parameter, field or record component from its annotations. */
    public static ParameterDefinition parameter(final Parameter parameter, final List<Annotation> annotations) {
        return definition(
                parameter.getParameterizedType(),
                annotations,
                parameter.isNamePresent() ? Optional.of(parameter.getName()) : Optional.empty());
    }

    /** Reads a parameter-like element from its annotations, not knowing its name. */
    public static ParameterDefinition definition(final Type type, final List<Annotation> annotations) {
        return definition(type, annotations, Optional.empty());
    }

    /**
     * Reads a parameter-like element (a field of a bean parameter) from its annotations; {@code
     * elementName} is its name in the code, which Quarkus's {@code @RestPath} and its kin take when
     * they name nothing.
     */
    public static ParameterDefinition definition(
            final Type type, final List<Annotation> annotations, final Optional<String> elementName) {
        final Optional<String> defaultValue = annotations.stream()
                .filter(DefaultValue.class::isInstance)
                .map(a -> ((DefaultValue) a).value())
                .findFirst();
        for (final Annotation annotation : annotations) {
            final Optional<ParameterDefinition> definition =
                    switch (annotation) {
                        case PathParam p ->
                            Optional.of(new ParameterDefinition(
                                    ParameterSource.PATH, p.value(), type, defaultValue, annotations));
                        case QueryParam q ->
                            Optional.of(new ParameterDefinition(
                                    ParameterSource.QUERY, q.value(), type, defaultValue, annotations));
                        case MatrixParam m ->
                            Optional.of(new ParameterDefinition(
                                    ParameterSource.MATRIX, m.value(), type, defaultValue, annotations));
                        case HeaderParam h ->
                            Optional.of(new ParameterDefinition(
                                    ParameterSource.HEADER, h.value(), type, defaultValue, annotations));
                        case CookieParam c ->
                            Optional.of(new ParameterDefinition(
                                    ParameterSource.COOKIE, c.value(), type, defaultValue, annotations));
                        case FormParam f ->
                            Optional.of(new ParameterDefinition(
                                    ParameterSource.FORM, f.value(), type, defaultValue, annotations));
                        case BeanParam b ->
                            Optional.of(
                                    new ParameterDefinition(ParameterSource.BEAN, "", type, defaultValue, annotations));
                        case Context c ->
                            Optional.of(new ParameterDefinition(
                                    type == SseEventSink.class ? ParameterSource.EVENT_SINK : ParameterSource.CONTEXT,
                                    "",
                                    type,
                                    defaultValue,
                                    annotations));
                        case Suspended s -> {
                            if (type != AsyncResponse.class) {
                                throw new IllegalArgumentException("@Suspended is on a parameter of type "
                                        + type.getTypeName() + "; it goes on an AsyncResponse parameter");
                            }
                            yield Optional.of(new ParameterDefinition(
                                    ParameterSource.SUSPENDED, "", type, defaultValue, annotations));
                        }
                        default -> Optional.empty();
                    };
            if (definition.isPresent()) {
                return definition.get();
            }
        }
        for (final Annotation annotation : annotations) {
            final Optional<ParameterDefinition> quarkus =
                    QuarkusParameters.definition(annotation, type, defaultValue, annotations, elementName);
            if (quarkus.isPresent()) {
                return quarkus.get();
            }
            final Optional<ParameterDefinition> principal =
                    PrincipalAnnotations.definition(annotation, type, defaultValue, annotations);
            if (principal.isPresent()) {
                return principal.get();
            }
        }
        annotations.stream()
                .map(Annotation::annotationType)
                .filter(annotation -> annotation.getPackageName().startsWith("jakarta.ws.rs")
                        && annotation != DefaultValue.class
                        && annotation != Encoded.class)
                .findFirst()
                .ifPresent(annotation -> {
                    throw new IllegalArgumentException("@" + annotation.getSimpleName()
                            + " is not supported by jZenith; see docs/rest.md for what is");
                });
        return new ParameterDefinition(ParameterSource.ENTITY, "", type, defaultValue, annotations);
    }

    private static Execution execution(
            final Class<?> resourceClass, final Method method, final Method annotated, final ReturnKind returnKind) {
        // The implementing method's own annotation wins over the one it inherits its route from, and
        // both over the class's: the one rule messaging methods follow too.
        return ExecutionRule.of(returnKind.isReactive(), method, annotated, resourceClass);
    }

    private static Optional<List<MediaType>> mediaTypes(
            final Method method, final Class<?> resourceClass, final Class<? extends Annotation> type) {
        return values(method.getAnnotation(type))
                .or(() -> values(resourceClass.getAnnotation(type)))
                .map(values -> Arrays.stream(values)
                        .flatMap(value -> Arrays.stream(value.split(",")))
                        .map(String::trim)
                        .filter(value -> !value.isEmpty())
                        .map(MediaTypes::parse)
                        .toList());
    }

    private static Optional<String[]> values(final Annotation annotation) {
        return switch (annotation) {
            case Produces p -> Optional.of(p.value());
            case Consumes c -> Optional.of(c.value());
            case null, default -> Optional.empty();
        };
    }

    private static Optional<String> httpMethod(final Method method) {
        return Arrays.stream(method.getAnnotations())
                .map(annotation -> annotation.annotationType().getAnnotation(HttpMethod.class))
                .filter(Objects::nonNull)
                .map(HttpMethod::value)
                .findFirst();
    }

    /**
     * The method that carries the Jakarta REST annotations: the method itself, or the one it
     * overrides in a superclass or interface, as Jakarta REST's annotation inheritance says.
     */
    private static Method annotatedVersion(final Method method) {
        if (hasJakartaAnnotations(method)) {
            return method;
        }
        final List<Class<?>> supertypes = new ArrayList<>();
        for (Class<?> type = method.getDeclaringClass(); type != null; type = type.getSuperclass()) {
            supertypes.add(type.getSuperclass());
            supertypes.addAll(Arrays.asList(type.getInterfaces()));
        }
        for (final Class<?> supertype : supertypes) {
            if (supertype == null) {
                continue;
            }
            try {
                final Method candidate = supertype.getMethod(method.getName(), method.getParameterTypes());
                if (hasJakartaAnnotations(candidate)) {
                    return candidate;
                }
            } catch (final NoSuchMethodException e) {
                // not declared there; look further up (start-up only)
            }
        }
        return method;
    }

    /** Whether {@code type} is a root resource class: it, an interface or a superclass has {@code @Path}. */
    public static boolean isResource(final Class<?> type) {
        return classPath(type) != null;
    }

    /** The class's {@code @Path}, or that of a superclass or interface it implements (the API-interface style). */
    private static Path classPath(final Class<?> type) {
        if (type == null || type == Object.class) {
            return null;
        }
        final Path own = type.getAnnotation(Path.class);
        if (own != null) {
            return own;
        }
        for (final Class<?> api : type.getInterfaces()) {
            final Path inherited = classPath(api);
            if (inherited != null) {
                return inherited;
            }
        }
        return classPath(type.getSuperclass());
    }

    private static boolean hasJakartaAnnotations(final Method method) {
        return method.isAnnotationPresent(Path.class) || httpMethod(method).isPresent();
    }

    private static String name(final Class<?> resourceClass, final Method method) {
        return resourceClass.getSimpleName() + "." + method.getName();
    }
}
