package org.jzenith.rest.internal.params;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Optional;

/**
 * Finds how a user type is built from a string, in Jakarta REST (Jersey) order of preference: static {@code
 * valueOf(String)}, static {@code fromString(String)}, a String constructor, then static {@code parse(String)} or
 * {@code parse(CharSequence)} (so java.time types work). Enums use {@code fromString} when present and otherwise their
 * constant names.
 *
 * <p>Runs at start-up only; the reflection here is turned into method handles for the request path.
 */
final class FactoryMethods {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    private FactoryMethods() {}

    static Optional<ConvertedType> forClass(final Class<?> type) {
        if (type.isPrimitive() || type.isArray()) {
            return Optional.empty();
        }
        if (type.isEnum()) {
            return staticFactory(type, "fromString", String.class)
                    .map(handle -> userDefined(type, handle))
                    .or(() -> Optional.of(EnumConverter.of(type)));
        }
        return staticFactory(type, "valueOf", String.class)
                .or(() -> staticFactory(type, "fromString", String.class))
                .or(() -> stringConstructor(type))
                .or(() -> staticFactory(type, "parse", String.class))
                .or(() -> staticFactory(type, "parse", CharSequence.class))
                .map(handle -> userDefined(type, handle));
    }

    private static ConvertedType userDefined(final Class<?> type, final MethodHandle handle) {
        return new ConvertedType(type, new MethodHandleConverter(handle), ValueKinds.of(type));
    }

    private static Optional<MethodHandle> staticFactory(
            final Class<?> type, final String name, final Class<?> parameterType) {
        final Method method;
        try {
            method = type.getMethod(name, parameterType);
        } catch (final NoSuchMethodException e) {
            return Optional.empty();
        }
        if (!Modifier.isStatic(method.getModifiers()) || !type.isAssignableFrom(method.getReturnType())) {
            return Optional.empty();
        }
        return unreflect(() -> LOOKUP.unreflect(method));
    }

    private static Optional<MethodHandle> stringConstructor(final Class<?> type) {
        if (Modifier.isAbstract(type.getModifiers())) {
            return Optional.empty();
        }
        final Constructor<?> constructor;
        try {
            constructor = type.getConstructor(String.class);
        } catch (final NoSuchMethodException e) {
            return Optional.empty();
        }
        return unreflect(() -> LOOKUP.unreflectConstructor(constructor));
    }

    // A public member of a class that is not accessible (not public, or in a package its module does not export)
    // cannot be used; the next candidate is tried instead.
    private static Optional<MethodHandle> unreflect(final Unreflection unreflection) {
        try {
            return Optional.of(unreflection.get());
        } catch (final IllegalAccessException e) {
            return Optional.empty();
        }
    }

    @FunctionalInterface
    private interface Unreflection {
        MethodHandle get() throws IllegalAccessException;
    }
}
