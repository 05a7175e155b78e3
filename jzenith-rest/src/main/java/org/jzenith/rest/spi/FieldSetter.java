package org.jzenith.rest.spi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * Sets one injected field through a method handle made once, when Guice first meets the class:
 * objects made per request (resources without a scope) are then filled without reflection.
 * Thread-safe.
 *
 * <pre>{@code
 * FieldSetter setter = FieldSetter.of(field);   // at start-up
 * setter.set(resource, value);                  // per object
 * }</pre>
 */
public final class FieldSetter {

    private static final MethodType SHAPE = MethodType.methodType(void.class, Object.class, Object.class);

    private final MethodHandle handle;
    private final String name;

    private FieldSetter(final MethodHandle handle, final String name) {
        this.handle = handle;
        this.name = name;
    }

    /**
     * The setter of {@code field} (non-static, possibly private or final).
     *
     * @throws IllegalStateException when the field's class does not let jZenith in (a named module
     *     that does not open its package)
     */
    public static FieldSetter of(final Field field) {
        final String name = field.getDeclaringClass().getName() + "." + field.getName();
        try {
            field.setAccessible(true); // start-up only; lets the handle write a final field as Guice would
            return new FieldSetter(MethodHandles.lookup().unreflectSetter(field).asType(SHAPE), name);
        } catch (final IllegalAccessException | RuntimeException e) {
            throw new IllegalStateException(
                    "Cannot set the injected field " + name + " (" + e.getMessage() + "); open its package to jZenith",
                    e);
        }
    }

    /** Sets the field of {@code instance} to {@code value}. */
    public void set(final Object instance, final Object value) {
        try {
            handle.invokeExact(instance, value);
        } catch (final RuntimeException | Error e) {
            throw e;
        } catch (final Throwable e) {
            throw new IllegalStateException("Cannot set the injected field " + name, e);
        }
    }
}
