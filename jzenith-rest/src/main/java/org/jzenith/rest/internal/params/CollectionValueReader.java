package org.jzenith.rest.internal.params;

import java.util.Collection;
import java.util.List;

/** Reads a {@code List<T>}, {@code Set<T>} or {@code SortedSet<T>} parameter from every raw value. */
final class CollectionValueReader implements ValueReader {

    private final CollectionKind kind;
    private final Converter converter;
    private final InvalidMessage message;
    private final Binding absent;

    CollectionValueReader(
            final CollectionKind kind,
            final ConvertedType elementType,
            final String description,
            final Binding absent) {
        this.kind = kind;
        this.converter = elementType.converter();
        this.message = new InvalidMessage(description, elementType.expected());
        this.absent = absent;
    }

    @Override
    public Binding read(final List<String> rawValues) {
        final int count = rawValues.size();
        if (count == 0) {
            return absent;
        }
        final Collection<Object> buffer = kind.newBuffer(count);
        int position = 0;
        for (final String raw : rawValues) {
            position++;
            final Object value = converter.convert(raw);
            if (value == Converter.FAILED) {
                return Binding.invalid(count == 1 ? message.format(raw) : message.format(raw, position, count));
            }
            buffer.add(value);
        }
        return Binding.value(kind.seal(buffer));
    }
}
