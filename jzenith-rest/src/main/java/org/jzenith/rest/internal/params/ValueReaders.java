package org.jzenith.rest.internal.params;

import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Compiles the {@link ValueReader} for a resource parameter's declared type, once at start-up.
 *
 * <p>Supports the documented Jakarta REST subset: String, primitives and their boxes, UUID, enums, types with a static
 * {@code valueOf(String)}/{@code fromString(String)}, a String constructor or a static {@code parse(String)}/{@code
 * parse(CharSequence)}, and {@code Optional} (and {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}), {@code List}, {@code Set} and {@code SortedSet} of those.
 */
public final class ValueReaders {

    private ValueReaders() {}

    /**
     * A reader for genericType, or empty when that type is not supported (the caller reports it at start-up).
     *
     * @param genericType the parameter's declared generic type, e.g. from {@code Parameter.getParameterizedType()}
     * @param defaultValue the {@code @DefaultValue} text, used as if it were the single raw value when the parameter
     *     is absent
     * @param description how messages name the parameter, e.g. "query parameter 'limit'"
     * @throws IllegalArgumentException if the default value is not valid for the type
     */
    public static Optional<ValueReader> forType(
            final Type genericType, final Optional<String> defaultValue, final String description) {
        return forType(genericType, defaultValue, description, ParamConverters.none(), List.of());
    }

    /**
     * A reader for genericType, or empty when that type is not supported; the application's
     * {@code ParamConverterProvider}s are asked first for each single type (not for {@code String}
     * and primitives).
     *
     * @param annotations the parameter's annotations, which converter providers are given
     * @throws IllegalArgumentException if the default value is not valid for the type
     */
    public static Optional<ValueReader> forType(
            final Type genericType,
            final Optional<String> defaultValue,
            final String description,
            final ParamConverters converters,
            final List<Annotation> annotations) {
        Objects.requireNonNull(genericType, "genericType");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
        final Annotation[] declared = annotations.toArray(Annotation[]::new);
        final Function<Class<?>, Optional<ConvertedType>> single = type -> type == String.class || type.isPrimitive()
                ? singleType(type)
                : converters.find(type, type, declared).or(() -> singleType(type));
        return plan(genericType, description, single).map(plan -> plan.withDefault(defaultValue));
    }

    private static Optional<ReaderPlan> plan(
            final Type genericType,
            final String description,
            final Function<Class<?>, Optional<ConvertedType>> singleType) {
        if (genericType == OptionalInt.class) {
            return primitiveOptional(
                    int.class, OptionalInt.empty(), value -> OptionalInt.of((Integer) value), description);
        } else if (genericType == OptionalLong.class) {
            return primitiveOptional(
                    long.class, OptionalLong.empty(), value -> OptionalLong.of((Long) value), description);
        } else if (genericType == OptionalDouble.class) {
            return primitiveOptional(
                    double.class, OptionalDouble.empty(), value -> OptionalDouble.of((Double) value), description);
        }
        if (genericType instanceof Class<?> type) {
            return singleType
                    .apply(type)
                    .map(converted -> new ReaderPlan(
                            converted,
                            description,
                            AbsentValues.forType(type),
                            absent -> new SingleValueReader(converted, description, absent)));
        }
        if (genericType instanceof ParameterizedType parameterized
                && parameterized.getRawType() instanceof Class<?> container
                && parameterized.getActualTypeArguments().length == 1
                && parameterized.getActualTypeArguments()[0] instanceof Class<?> element) {
            if (container == Optional.class) {
                return singleType
                        .apply(element)
                        .map(converted -> new ReaderPlan(
                                converted,
                                description,
                                Binding.value(Optional.empty()),
                                absent -> new OptionalValueReader(converted, description, absent, Optional::of)));
            }
            if (CollectionKind.isCollection(container)) {
                final CollectionKind kind = CollectionKind.of(container);
                return singleType
                        .apply(element)
                        .filter(converted -> kind != CollectionKind.SORTED_SET
                                || Comparable.class.isAssignableFrom(converted.type()))
                        .map(converted -> new ReaderPlan(
                                converted,
                                description,
                                Binding.value(kind.empty()),
                                absent -> new CollectionValueReader(kind, converted, description, absent)));
            }
        }
        return Optional.empty(); // type variables, wildcards, arrays, maps, nested containers, ...
    }

    private static Optional<ReaderPlan> primitiveOptional(
            final Class<?> element, final Object empty, final Function<Object, Object> wrap, final String description) {
        return ValueReaders.singleType(element)
                .map(converted -> new ReaderPlan(
                        converted,
                        description,
                        Binding.value(empty),
                        absent -> new OptionalValueReader(converted, description, absent, wrap)));
    }

    private static Optional<ConvertedType> singleType(final Class<?> type) {
        if (type == Optional.class || CollectionKind.isCollection(type)) {
            return Optional.empty(); // a container without its element type
        }
        return BuiltInConverters.forClass(type).or(() -> FactoryMethods.forClass(type));
    }

    /** A reader still waiting for the value an absent parameter reads as. */
    private record ReaderPlan(ConvertedType type, String description, Binding absentWithoutDefault, Factory factory) {

        ValueReader withDefault(final Optional<String> defaultValue) {
            final ValueReader withoutDefault = factory.create(absentWithoutDefault);
            if (defaultValue.isEmpty()) {
                return withoutDefault;
            }
            // Converted once here, so an absent parameter costs nothing per request.
            final String text = defaultValue.get();
            final Binding fromDefault = withoutDefault.read(List.of(text));
            if (fromDefault instanceof Binding.Invalid) {
                throw new IllegalArgumentException(
                        description + ": @DefaultValue \"" + text + "\" is not valid, expected " + type.expected());
            }
            return factory.create(fromDefault);
        }
    }

    @FunctionalInterface
    private interface Factory {
        ValueReader create(Binding absent);
    }
}
