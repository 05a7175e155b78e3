package org.jzenith.rest.internal.params;

import java.util.List;

/** Reads a single-valued parameter from the first raw value, as Jakarta REST does when several are sent. */
final class SingleValueReader implements ValueReader {

    private final Converter converter;
    private final InvalidMessage message;
    private final Binding absent;

    SingleValueReader(final ConvertedType type, final String description, final Binding absent) {
        this.converter = type.converter();
        this.message = new InvalidMessage(description, type.expected());
        this.absent = absent;
    }

    @Override
    public Binding read(final List<String> rawValues) {
        if (rawValues.isEmpty()) {
            return absent;
        }
        final String raw = rawValues.getFirst();
        final Object value = converter.convert(raw);
        return value == Converter.FAILED ? Binding.invalid(message.format(raw)) : Binding.value(value);
    }
}
