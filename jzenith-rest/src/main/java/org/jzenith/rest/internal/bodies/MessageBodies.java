package org.jzenith.rest.internal.bodies;

import com.google.inject.TypeLiteral;
import io.vertx.core.buffer.Buffer;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.filters.HeaderMap;
import org.jzenith.rest.internal.json.BufferOutputStream;
import org.jzenith.rest.internal.model.MediaTypes;

/**
 * The application's {@link MessageBodyReader}s and {@link MessageBodyWriter}s, asked before
 * jZenith's own JSON and text handling, chosen as Jakarta REST 3.1 chooses them (§4.2.2, §4.2.3,
 * §4.2.4): only a provider whose {@code @Consumes}/{@code @Produces} admits the media type (none
 * declared is {@code *}{@code /*}); among the writers that can write the object, the one whose type
 * argument is the nearest supertype of the object's class, then the one with the most specific media
 * type ({@code x/y} before {@code x/*} before {@code *}{@code /*}), then the one with the highest
 * priority ({@code @Priority}, lowest number; {@code Priorities.USER} without one), then the first
 * registered. Readers: the most specific media type, then the priority. What each provider declares
 * is read once here; the distances of a class to each writer's type are computed once per class.
 * Immutable and thread-safe.
 */
public final class MessageBodies {

    private static final MessageBodies NONE = new MessageBodies(List.of(), List.of(), Optional.empty());
    private static final Annotation[] NO_ANNOTATIONS = {};
    private static final int UNRELATED = Integer.MAX_VALUE;

    private final List<Declared<MessageBodyReader<?>>> readers;
    private final List<Declared<MessageBodyWriter<?>>> writers;
    /** Each writer's {@code @Produces} types, read once; {@code *}{@code /*} where it declares none. */
    private final List<List<MediaType>> writerTypes;
    /** For a class, its distance to each writer's type argument, in the writers' order. */
    private final ClassValue<int[]> distances = new ClassValue<>() {
        @Override
        protected int[] computeValue(final Class<?> type) {
            final int[] each = new int[writers.size()];
            for (int i = 0; i < each.length; i++) {
                each[i] = distance(type, writers.get(i).handled());
            }
            return each;
        }
    };

    /**
     * A provider with what it declares.
     *
     * @param provider the reader or writer
     * @param mediaTypes its {@code @Consumes} or {@code @Produces} types, {@code *}{@code /*} when none
     * @param handled the class its type argument names ({@code Object} when it names none)
     * @param priority its {@code @Priority}, {@code Priorities.USER} without one
     */
    private record Declared<P>(P provider, List<MediaType> mediaTypes, Class<?> handled, int priority) {

        static <P> Declared<P> of(final P provider, final Class<?> contract, final String[] mediaTypes) {
            final Priority priority = provider.getClass().getAnnotation(Priority.class);
            return new Declared<>(
                    provider,
                    mediaTypes.length == 0 ? List.of(MediaType.WILDCARD_TYPE) : parsed(mediaTypes),
                    handledType(provider.getClass(), contract),
                    priority == null ? Priorities.USER : priority.value());
        }

        /** How specific the declared type admitting {@code mediaType} is: 0 for x/y, 1 for x/*, 2 for *}{@code /*; -1 when none does. */
        int specificity(final MediaType mediaType) {
            int best = -1;
            for (final MediaType declared : mediaTypes) {
                if (declared.isCompatible(mediaType)) {
                    final int rank = declared.isWildcardType() ? 2 : declared.isWildcardSubtype() ? 1 : 0;
                    best = best < 0 ? rank : Math.min(best, rank);
                }
            }
            return best;
        }
    }

    /** jZenith's own providers (JSON-P), asked only when none of the application's reads or writes. */
    private final Optional<MessageBodies> builtIn;

    private MessageBodies(
            final List<MessageBodyReader<?>> readers,
            final List<MessageBodyWriter<?>> writers,
            final Optional<MessageBodies> builtIn) {
        this.builtIn = builtIn;
        this.readers = readers.stream()
                .map(reader -> Declared.<MessageBodyReader<?>>of(
                        reader,
                        MessageBodyReader.class,
                        declared(reader.getClass().getAnnotation(Consumes.class))))
                .toList();
        this.writers = writers.stream()
                .map(writer -> Declared.<MessageBodyWriter<?>>of(
                        writer,
                        MessageBodyWriter.class,
                        declared(writer.getClass().getAnnotation(Produces.class))))
                .toList();
        this.writerTypes = this.writers.stream().map(Declared::mediaTypes).toList();
    }

    private static String[] declared(final Consumes consumes) {
        return consumes == null ? new String[0] : consumes.value();
    }

    private static String[] declared(final Produces produces) {
        return produces == null ? new String[0] : produces.value();
    }

    private static List<MediaType> parsed(final String[] values) {
        return Arrays.stream(values)
                .flatMap(value -> Arrays.stream(value.split(",")))
                .map(String::trim)
                .map(MediaTypes::parse)
                .toList();
    }

    /** The class {@code providerClass}'s {@code MessageBodyReader<T>}/{@code MessageBodyWriter<T>} names as T. */
    private static Class<?> handledType(final Class<?> providerClass, final Class<?> contract) {
        @SuppressWarnings({"unchecked", "rawtypes"}) // the provider implements the contract
        final Type supertype =
                TypeLiteral.get(providerClass).getSupertype((Class) contract).getType();
        if (supertype instanceof ParameterizedType parameterized) {
            final Type argument = parameterized.getActualTypeArguments()[0];
            if (argument instanceof Class<?> type) {
                return type;
            }
            if (argument instanceof ParameterizedType generic && generic.getRawType() instanceof Class<?> raw) {
                return raw;
            }
        }
        return Object.class;
    }

    /**
     * How far {@code handled} is above {@code type}: 0 for the class itself, one more for each step
     * up through its superclasses and interfaces (the nearest counts); {@link #UNRELATED} when it is
     * not a supertype.
     */
    static int distance(final Class<?> type, final Class<?> handled) {
        if (!handled.isAssignableFrom(type)) {
            return UNRELATED;
        }
        List<Class<?>> level = List.of(type);
        for (int steps = 0; !level.isEmpty(); steps++) {
            final List<Class<?>> next = new ArrayList<>();
            for (final Class<?> c : level) {
                if (c == handled) {
                    return steps;
                }
                if (c.getSuperclass() != null) {
                    next.add(c.getSuperclass());
                }
                next.addAll(Arrays.asList(c.getInterfaces()));
            }
            level = next;
        }
        // An interface type reaches Object through no superclass.
        return handled == Object.class ? UNRELATED - 1 : UNRELATED;
    }

    /**
     * A concrete media type within {@code range} in which some writer writes {@code type}: the
     * range itself when concrete, else the first of a writer's {@code @Produces} types inside it.
     * Asked where a method without {@code @Produces} negotiates what it answers.
     */
    public Optional<MediaType> writableAs(final Class<?> type, final Type genericType, final MediaType range) {
        for (int i = 0; i < writers.size(); i++) {
            for (final MediaType declared : writerTypes.get(i)) {
                if (!declared.isCompatible(range)) {
                    continue;
                }
                final MediaType concrete = concrete(range) ? range : declared;
                if (concrete(concrete)
                        && writers.get(i).provider().isWriteable(type, genericType, NO_ANNOTATIONS, concrete)) {
                    return Optional.of(concrete);
                }
            }
        }
        return builtIn.flatMap(own -> own.writableAs(type, genericType, range));
    }

    private static boolean concrete(final MediaType type) {
        return !type.isWildcardType() && !type.isWildcardSubtype();
    }

    public static MessageBodies none() {
        return NONE;
    }

    /** The readers and writers among {@code providers}. */
    public static MessageBodies of(final List<?> providers) {
        final List<MessageBodyReader<?>> readers = providers.stream()
                .filter(MessageBodyReader.class::isInstance)
                .<MessageBodyReader<?>>map(MessageBodyReader.class::cast)
                .toList();
        final List<MessageBodyWriter<?>> writers = providers.stream()
                .filter(MessageBodyWriter.class::isInstance)
                .<MessageBodyWriter<?>>map(MessageBodyWriter.class::cast)
                .toList();
        return readers.isEmpty() && writers.isEmpty() ? NONE : new MessageBodies(readers, writers, Optional.empty());
    }

    /**
     * These, and {@code providers} of jZenith's own behind them: Jakarta REST 3.1 (§4.2.4) has the
     * application's providers preferred to the implementation's when either could do.
     */
    public MessageBodies withBuiltIn(final List<?> providers) {
        final MessageBodies own = of(providers);
        return own == NONE
                ? this
                : new MessageBodies(
                        readers.stream()
                                .<MessageBodyReader<?>>map(Declared::provider)
                                .toList(),
                        writers.stream()
                                .<MessageBodyWriter<?>>map(Declared::provider)
                                .toList(),
                        Optional.of(own));
    }

    public boolean hasReaders() {
        return !readers.isEmpty() || (builtIn.isPresent() && builtIn.get().hasReaders());
    }

    public boolean hasWriters() {
        return !writers.isEmpty() || (builtIn.isPresent() && builtIn.get().hasWriters());
    }

    /** Whether some reader reads {@code type} in one of {@code mediaTypes}; asked at start-up. */
    public boolean reads(final Class<?> type, final Type genericType, final List<MediaType> mediaTypes) {
        return mediaTypes.stream()
                .anyMatch(mediaType -> reader(type, genericType, mediaType).isPresent());
    }

    /**
     * Reads {@code body} as {@code type} with the first reader for {@code mediaType}, if there is one.
     *
     * @throws UncheckedIOException when the reader fails to read it
     */
    public Optional<Object> read(
            final Class<?> type,
            final Type genericType,
            final MediaType mediaType,
            final Map<String, List<String>> headers,
            final byte[] body) {
        final Optional<MessageBodyReader<Object>> reader = reader(type, genericType, mediaType);
        if (reader.isEmpty()) {
            return Optional.empty();
        }
        final MultivaluedMap<String, String> copy = HeaderMap.ofStrings();
        headers.forEach(copy::addAll);
        try {
            @SuppressWarnings("unchecked") // the reader said it reads this type
            final Class<Object> raw = (Class<Object>) type;
            return Optional.ofNullable(reader.get()
                    .readFrom(raw, genericType, NO_ANNOTATIONS, mediaType, copy, new ByteArrayInputStream(body)));
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes {@code value} with the writer Jakarta REST chooses for its class in {@code mediaType}
     * (see above), if there is one; the headers the writer adds are given to {@code headers}.
     *
     * @throws UncheckedIOException when the writer fails
     */
    public Optional<Buffer> write(
            final Object value,
            final Type genericType,
            final MediaType mediaType,
            final MultivaluedMap<String, Object> headers) {
        final Optional<MessageBodyWriter<Object>> chosen = writer(value.getClass(), genericType, mediaType);
        if (chosen.isEmpty()) {
            return Optional.empty();
        }
        final BufferOutputStream out = new BufferOutputStream();
        try {
            chosen.get().writeTo(value, value.getClass(), genericType, NO_ANNOTATIONS, mediaType, headers, out);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.of(out.buffer());
    }

    /** The writer for {@code type} in {@code mediaType}: nearest type, then most specific media type, then priority. */
    @SuppressWarnings("unchecked") // it said it writes this class
    Optional<MessageBodyWriter<Object>> writer(final Class<?> type, final Type genericType, final MediaType mediaType) {
        final int[] distance = distances.get(type);
        int best = -1;
        int bestSpecificity = 0;
        for (int i = 0; i < writers.size(); i++) {
            final Declared<MessageBodyWriter<?>> candidate = writers.get(i);
            final int specificity = candidate.specificity(mediaType);
            if (specificity < 0
                    || (best >= 0
                            && !before(
                                    distance[i],
                                    specificity,
                                    candidate.priority(),
                                    distance[best],
                                    bestSpecificity,
                                    writers.get(best).priority()))
                    || !candidate.provider().isWriteable(type, genericType, NO_ANNOTATIONS, mediaType)) {
                continue;
            }
            best = i;
            bestSpecificity = specificity;
        }
        return best < 0
                ? builtIn.flatMap(own -> own.writer(type, genericType, mediaType))
                : Optional.of((MessageBodyWriter<Object>) writers.get(best).provider());
    }

    /** Whether the first key sorts strictly before the second (ties keep registration order). */
    private static boolean before(
            final int distance,
            final int specificity,
            final int priority,
            final int otherDistance,
            final int otherSpecificity,
            final int otherPriority) {
        if (distance != otherDistance) {
            return distance < otherDistance;
        }
        if (specificity != otherSpecificity) {
            return specificity < otherSpecificity;
        }
        return priority < otherPriority;
    }

    @SuppressWarnings("unchecked") // it said it reads this type
    Optional<MessageBodyReader<Object>> reader(final Class<?> type, final Type genericType, final MediaType mediaType) {
        int best = -1;
        int bestSpecificity = 0;
        for (int i = 0; i < readers.size(); i++) {
            final Declared<MessageBodyReader<?>> candidate = readers.get(i);
            final int specificity = candidate.specificity(mediaType);
            if (specificity < 0
                    || (best >= 0
                            && !before(
                                    0,
                                    specificity,
                                    candidate.priority(),
                                    0,
                                    bestSpecificity,
                                    readers.get(best).priority()))
                    || !candidate.provider().isReadable(type, genericType, NO_ANNOTATIONS, mediaType)) {
                continue;
            }
            best = i;
            bestSpecificity = specificity;
        }
        return best < 0
                ? builtIn.flatMap(own -> own.reader(type, genericType, mediaType))
                : Optional.of((MessageBodyReader<Object>) readers.get(best).provider());
    }
}
