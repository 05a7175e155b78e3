package org.jzenith.rest.internal.params;

import java.util.List;
import java.util.Optional;

/** Reads an {@code Optional<T>} parameter from the first raw value; absent means {@link Optional#empty()}. */
final class OptionalValueReader implements ValueReader {

    private final Converter converter;
    private final InvalidMessage message;
    private final Binding absent;

    OptionalValueReader(final ConvertedType elementType, final String description, final Binding absent) {
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
        return value == Converter.FAILED ? Binding.invalid(message.format(raw)) : Binding.value(Optional.of(value));
    }
}
