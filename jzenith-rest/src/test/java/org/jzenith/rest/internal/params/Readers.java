package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/** Shortcuts shared by the tests of this package. */
final class Readers {

    static final String QUERY = "query parameter 'p'";

    private Readers() {}

    static ValueReader reader(final Type type) {
        return ValueReaders.forType(type, Optional.empty(), QUERY).orElseThrow();
    }

    static ValueReader reader(final Type type, final String defaultValue) {
        return ValueReaders.forType(type, Optional.of(defaultValue), QUERY).orElseThrow();
    }

    /** The value read from the given raw values, failing the test when the binding is invalid. */
    static Object read(final Type type, final String... rawValues) {
        return valueOf(reader(type).read(List.of(rawValues)));
    }

    static Object valueOf(final Binding binding) {
        assertThat(binding).isInstanceOf(Binding.Value.class);
        return ((Binding.Value) binding).value();
    }

    /** The message of the invalid binding read from the given raw values, failing the test when it is a value. */
    static String invalid(final Type type, final String... rawValues) {
        final Binding binding = reader(type).read(List.of(rawValues));
        assertThat(binding).isInstanceOf(Binding.Invalid.class);
        return ((Binding.Invalid) binding).message();
    }
}
