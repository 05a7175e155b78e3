package org.jzenith.rest.internal.params;

/** What an absent parameter without a default reads as: the zero value for primitives, null for everything else. */
final class AbsentValues {

    private AbsentValues() {}

    static Binding forType(final Class<?> type) {
        if (!type.isPrimitive()) {
            return SharedBindings.NULL;
        }
        final Object zero;
        if (type == boolean.class) {
            zero = Boolean.FALSE;
        } else if (type == char.class) {
            zero = Character.valueOf('\0');
        } else if (type == byte.class) {
            zero = Byte.valueOf((byte) 0);
        } else if (type == short.class) {
            zero = Short.valueOf((short) 0);
        } else if (type == int.class) {
            zero = Integer.valueOf(0);
        } else if (type == long.class) {
            zero = Long.valueOf(0L);
        } else if (type == float.class) {
            zero = Float.valueOf(0f);
        } else if (type == double.class) {
            zero = Double.valueOf(0d);
        } else {
            throw new IllegalArgumentException("No zero value for " + type);
        }
        return Binding.value(zero);
    }
}
