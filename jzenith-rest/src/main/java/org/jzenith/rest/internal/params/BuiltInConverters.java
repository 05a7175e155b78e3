package org.jzenith.rest.internal.params;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The hand-written converters for String, primitives, their boxes and UUID, which never throw for bad input. */
final class BuiltInConverters {

    private static final Map<Class<?>, ConvertedType> BY_TYPE = byType();

    private BuiltInConverters() {}

    static Optional<ConvertedType> forClass(final Class<?> type) {
        return Optional.ofNullable(BY_TYPE.get(type));
    }

    private static Map<Class<?>, ConvertedType> byType() {
        final Map<Class<?>, ConvertedType> byType = new HashMap<>();
        add(byType, String.class, raw -> raw, "a string");
        add(byType, UUID.class, UuidConverter.INSTANCE, "a UUID");
        add(byType, BuiltInConverters::parseBoolean, "true or false", boolean.class, Boolean.class);
        add(byType, BuiltInConverters::parseChar, "a single character", char.class, Character.class);
        add(byType, IntegerConverter.BYTE, IntegerConverter.BYTE.expected(), byte.class, Byte.class);
        add(byType, IntegerConverter.SHORT, IntegerConverter.SHORT.expected(), short.class, Short.class);
        add(byType, IntegerConverter.INT, IntegerConverter.INT.expected(), int.class, Integer.class);
        add(byType, IntegerConverter.LONG, IntegerConverter.LONG.expected(), long.class, Long.class);
        add(byType, DecimalConverter.FLOAT, "a number", float.class, Float.class);
        add(byType, DecimalConverter.DOUBLE, "a number", double.class, Double.class);
        return Map.copyOf(byType);
    }

    private static void add(
            final Map<Class<?>, ConvertedType> byType,
            final Class<?> type,
            final Converter converter,
            final String expected) {
        byType.put(type, new ConvertedType(type, converter, expected));
    }

    private static void add(
            final Map<Class<?>, ConvertedType> byType,
            final Converter converter,
            final String expected,
            final Class<?> primitive,
            final Class<?> box) {
        add(byType, primitive, converter, expected);
        add(byType, box, converter, expected);
    }

    // Strict on purpose: Boolean.parseBoolean would read any typo as false.
    private static Object parseBoolean(final String raw) {
        if ("true".equalsIgnoreCase(raw)) {
            return Boolean.TRUE;
        }
        if ("false".equalsIgnoreCase(raw)) {
            return Boolean.FALSE;
        }
        return Converter.FAILED;
    }

    private static Object parseChar(final String raw) {
        return raw.length() == 1 ? Character.valueOf(raw.charAt(0)) : Converter.FAILED;
    }
}
