package org.jzenith.rest.internal.params;

import java.util.List;
import java.util.function.Function;

/**
 * Reads an {@code Optional<T>} (or {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble})
 * parameter from the first raw value; absent means empty.
 */
final class OptionalValueReader implements ValueReader {

    private final Converter converter;
    private final InvalidMessage message;
    private final Binding absent;
    private final Function<Object, Object> wrap;

    OptionalValueReader(
            final ConvertedType elementType,
            final String description,
            final Binding absent,
            final Function<Object, Object> wrap) {
        this.wrap = wrap;
        this.converter = elementType.converter();
        this.message = new InvalidMessage(description, elementType.expected());
        this.absent = absent;
    }

    @Override
    public Binding read(final List<String> rawValues) {
        if (rawValues.isEmpty()) {
            return absent;
        }
        final String raw = rawValues.getFirst();
        final Object value = converter.convert(raw);
        return value == Converter.FAILED ? Binding.invalid(message.format(raw)) : Binding.value(wrap.apply(value));
    }
}
