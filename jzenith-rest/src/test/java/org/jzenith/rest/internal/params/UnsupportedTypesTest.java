package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Type;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

class UnsupportedTypesTest {

    /** Has no way to be built from a string. */
    public static final class NoFactory {}

    /** Abstract, so its String constructor cannot build it. */
    public abstract static class AbstractWithConstructor {
        public AbstractWithConstructor(final String raw) {}
    }

    private static Optional<ValueReader> forType(final Type type) {
        return ValueReaders.forType(type, Optional.empty(), Readers.QUERY);
    }

    @Test
    void typesWithoutAConversionAreUnsupported() {
        assertThat(forType(Object.class)).isEmpty();
        assertThat(forType(NoFactory.class)).isEmpty();
        assertThat(forType(AbstractWithConstructor.class)).isEmpty();
        assertThat(forType(void.class)).isEmpty();
        assertThat(forType(int[].class)).isEmpty();
        assertThat(forType(String[].class)).isEmpty();
    }

    @Test
    void otherGenericTypesAreUnsupported() {
        assertThat(forType(new TypeRef<Map<String, String>>() {}.type())).isEmpty();
        assertThat(forType(new TypeRef<Collection<String>>() {}.type())).isEmpty();
        assertThat(forType(new TypeRef<List<? extends Number>>() {}.type())).isEmpty();
        assertThat(forType(new TypeRef<List<Object>>() {}.type())).isEmpty();
        assertThat(forType(new TypeRef<Optional<List<String>>>() {}.type())).isEmpty();
        assertThat(forType(new TypeRef<List<Optional<String>>>() {}.type())).isEmpty();
        assertThat(forType(new TypeRef<Set<List<String>>>() {}.type())).isEmpty();
    }

    @Test
    void rawContainersAreUnsupported() {
        assertThat(forType(List.class)).isEmpty();
        assertThat(forType(Set.class)).isEmpty();
        assertThat(forType(Optional.class)).isEmpty();
        assertThat(forType(Map.class)).isEmpty();
    }

    @Test
    void sortedSetsNeedComparableElements() {
        assertThat(forType(new TypeRef<SortedSet<UserDefinedConvertersTest.ValueOfType>>() {}.type()))
                .isEmpty();
        assertThat(forType(new TypeRef<Set<UserDefinedConvertersTest.ValueOfType>>() {}.type()))
                .isPresent();
    }

    @Test
    void typeVariablesAreUnsupported() throws NoSuchMethodException {
        final Type variable =
                getClass().getDeclaredMethod("generic", Object.class).getGenericParameterTypes()[0];
        assertThat(forType(variable)).isEmpty();
    }

    @SuppressWarnings("unused")
    private static <T> void generic(final T value) {}
}
