package org.jzenith.rest.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.TypeLiteral;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.context.ContextFields;
import org.jzenith.rest.internal.errors.ExceptionMappers;
import org.jzenith.rest.internal.filters.Filters;
import org.jzenith.rest.internal.interceptors.Interceptors;
import org.jzenith.rest.internal.params.ParamConverters;

/**
 * The Jakarta REST providers an application registers with {@code RestPlugin.withProviders}, sorted
 * by what jZenith does with them; and, before anything starts, what is wrong with a provider class.
 */
public final class Providers {

    private static final String NOT_SUPPORTED = "; jZenith supports ExceptionMapper,"
            + " ContextResolver<ObjectMapper>, ContainerRequestFilter, ContainerResponseFilter,"
            + " ParamConverterProvider, MessageBodyReader, MessageBodyWriter, ReaderInterceptor,"
            + " WriterInterceptor, Feature and DynamicFeature providers (see docs/rest.md)";

    private final ExceptionMappers exceptionMappers;
    private final Optional<ObjectMapper> objectMapper;
    private final Optional<ContextResolver<?>> mapperResolver;
    private final Filters filters;
    private final ParamConverters paramConverters;
    private final MessageBodies messageBodies;
    private final Interceptors interceptors;

    private Providers(
            final ExceptionMappers exceptionMappers,
            final Optional<ObjectMapper> objectMapper,
            final Optional<ContextResolver<?>> mapperResolver,
            final Filters filters,
            final ParamConverters paramConverters,
            final MessageBodies messageBodies,
            final Interceptors interceptors) {
        this.exceptionMappers = exceptionMappers;
        this.objectMapper = objectMapper;
        this.mapperResolver = mapperResolver;
        this.filters = filters;
        this.paramConverters = paramConverters;
        this.messageBodies = messageBodies;
        this.interceptors = interceptors;
    }

    /** These, with jZenith's own readers and writers {@code bodies} behind the application's. */
    public Providers withBuiltInBodies(final List<?> bodies) {
        return new Providers(
                exceptionMappers,
                objectMapper,
                mapperResolver,
                filters,
                paramConverters,
                messageBodies.withBuiltIn(bodies),
                interceptors);
    }

    /** Whether any of {@code providers} is a {@code ParamConverterProvider}. */
    public static boolean convertsParameters(final List<Class<?>> providers) {
        return providers.stream().anyMatch(ParamConverterProvider.class::isAssignableFrom);
    }

    /** The reader and writer interceptors, sorted. */
    public Interceptors interceptors() {
        return interceptors;
    }

    /** The message body readers and writers, in registration order. */
    public MessageBodies messageBodies() {
        return messageBodies;
    }

    /** The parameter converter providers, in registration order. */
    public ParamConverters paramConverters() {
        return paramConverters;
    }

    /**
     * What is wrong with each provider class, if anything: it is of no supported kind, it does not
     * say which type it is for, or it maps a type another provider maps already. Keyed by class, in
     * the order given; empty when all can be used.
     */
    public static Map<Class<?>, String> problems(final List<Class<?>> providers) {
        final Map<Class<?>, String> problems = new LinkedHashMap<>();
        final Map<Class<?>, Class<?>> mapperByType = new HashMap<>();
        Optional<Class<?>> resolver = Optional.empty();
        for (final Class<?> provider : providers) {
            final boolean isMapper = ExceptionMapper.class.isAssignableFrom(provider);
            final boolean isResolver = ContextResolver.class.isAssignableFrom(provider);
            final boolean isFilter = ContainerRequestFilter.class.isAssignableFrom(provider)
                    || ContainerResponseFilter.class.isAssignableFrom(provider)
                    || ParamConverterProvider.class.isAssignableFrom(provider)
                    || MessageBodyReader.class.isAssignableFrom(provider)
                    || MessageBodyWriter.class.isAssignableFrom(provider)
                    || DynamicFeature.class.isAssignableFrom(provider)
                    || ReaderInterceptor.class.isAssignableFrom(provider)
                    || WriterInterceptor.class.isAssignableFrom(provider);
            final Optional<String> field = ContextFields.problem(provider);
            if (field.isPresent()) {
                problems.put(provider, field.get());
                continue;
            }
            if (Filters.bindsAndPreMatches(provider)) {
                problems.put(
                        provider,
                        "is @PreMatching and bound by name to resource methods, but a filter that runs"
                                + " before matching cannot know the method; drop one of the two");
                continue;
            }
            if (!isMapper && !isResolver && !isFilter) {
                problems.put(
                        provider,
                        "is named in RestPlugin.withProviders(...) but is not a provider jZenith" + " can use"
                                + NOT_SUPPORTED);
                continue;
            }
            try {
                if (isMapper) {
                    final Class<?> type = ExceptionMappers.mappedType(provider);
                    final Class<?> previous = mapperByType.putIfAbsent(type, provider);
                    if (previous != null) {
                        problems.put(
                                provider,
                                "maps " + type.getSimpleName() + ", as " + previous.getSimpleName()
                                        + " does already; register one of them");
                    }
                }
                if (isResolver) {
                    final Type resolved = resolvedType(provider);
                    if (resolved != ObjectMapper.class) {
                        problems.put(
                                provider,
                                "is a ContextResolver<" + resolved.getTypeName() + ">, which jZenith does not read"
                                        + NOT_SUPPORTED);
                    } else if (resolver.isPresent()) {
                        problems.put(
                                provider,
                                "makes the JSON mapper, as " + resolver.get().getSimpleName()
                                        + " does already; register one of them");
                    } else {
                        resolver = Optional.of(provider);
                    }
                }
            } catch (final IllegalArgumentException e) {
                problems.put(provider, e.getMessage());
            }
        }
        return problems;
    }

    /** The providers, as Guice made them, once {@link #problems} found none. */
    public static Providers of(final List<?> instances) {
        final List<ExceptionMapper<?>> mappers = new ArrayList<>();
        Optional<ObjectMapper> objectMapper = Optional.empty();
        Optional<ContextResolver<?>> mapperResolver = Optional.empty();
        for (final Object instance : instances) {
            if (instance instanceof ExceptionMapper<?> mapper) {
                mappers.add(mapper);
            }
            // problems() let only ContextResolver<ObjectMapper> through.
            if (instance instanceof ContextResolver<?> resolver) {
                mapperResolver = Optional.of(resolver);
                if (resolver.getContext(Object.class) instanceof ObjectMapper made) {
                    objectMapper = Optional.of(made);
                }
            }
        }
        return new Providers(
                ExceptionMappers.of(mappers),
                objectMapper,
                mapperResolver,
                Filters.of(instances),
                ParamConverters.of(instances.stream()
                        .filter(ParamConverterProvider.class::isInstance)
                        .map(ParamConverterProvider.class::cast)
                        .toList()),
                MessageBodies.of(instances),
                Interceptors.of(instances));
    }

    /** The request and response filters, sorted. */
    public Filters filters() {
        return filters;
    }

    public ExceptionMappers exceptionMappers() {
        return exceptionMappers;
    }

    /** The application's JSON mapper, when a resolver makes one. */
    public Optional<ObjectMapper> objectMapper() {
        return objectMapper;
    }

    /**
     * The mapper the application's {@code ContextResolver<ObjectMapper>} gives for {@code type}, when
     * it gives one other than its mapper for every type ({@link #objectMapper}): Jakarta REST asks a
     * resolver for the type being read or written (§4.3). Asked at start-up, once per endpoint.
     */
    public Optional<ObjectMapper> objectMapperFor(final Class<?> type) {
        if (mapperResolver.isEmpty() || type == Object.class) {
            return Optional.empty();
        }
        return mapperResolver.get().getContext(type) instanceof ObjectMapper made
                        && (objectMapper.isEmpty() || made != objectMapper.get())
                ? Optional.of(made)
                : Optional.empty();
    }

    private static Type resolvedType(final Class<?> resolverClass) {
        final TypeLiteral<?> resolver = TypeLiteral.get(resolverClass).getSupertype(ContextResolver.class);
        if (!(resolver.getType() instanceof ParameterizedType parameterized)) {
            throw new IllegalArgumentException("implements ContextResolver without saying what it resolves;"
                    + " declare implements ContextResolver<ObjectMapper>");
        }
        return parameterized.getActualTypeArguments()[0];
    }
}
