package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.InstanceOfAssertFactories.ITERABLE;
import static org.jzenith.rest.internal.params.Readers.invalid;
import static org.jzenith.rest.internal.params.Readers.read;
import static org.jzenith.rest.internal.params.Readers.reader;
import static org.jzenith.rest.internal.params.Readers.valueOf;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ContainersTest {

    @Test
    void optionalWrapsTheFirstValue() {
        assertThat(read(new TypeRef<Optional<Integer>>() {}.type(), "5", "6")).isEqualTo(Optional.of(5));
        assertThat(read(new TypeRef<Optional<String>>() {}.type(), "")).isEqualTo(Optional.of(""));
    }

    @Test
    void primitiveOptionalsWrapTheFirstValueAndAreEmptyWhenAbsent() {
        assertThat(read(OptionalInt.class, "5", "6")).isEqualTo(OptionalInt.of(5));
        assertThat(read(OptionalLong.class, "9000000000")).isEqualTo(OptionalLong.of(9_000_000_000L));
        assertThat(read(OptionalDouble.class, "2.5")).isEqualTo(OptionalDouble.of(2.5));
        assertThat(read(OptionalInt.class)).isEqualTo(OptionalInt.empty());
        assertThat(valueOf(reader(OptionalLong.class, "7").read(List.of()))).isEqualTo(OptionalLong.of(7));
        assertThat(invalid(OptionalInt.class, "x")).startsWith("query parameter 'p': expected");
    }

    @Test
    void optionalOfAnInvalidValueIsInvalid() {
        assertThat(invalid(new TypeRef<Optional<UUID>>() {}.type(), "42"))
                .isEqualTo("query parameter 'p': expected a UUID, got \"42\"");
    }

    @Test
    void listTakesEveryValueInOrder() {
        final Object list = read(new TypeRef<List<Integer>>() {}.type(), "3", "1", "3");
        assertThat(list).isEqualTo(List.of(3, 1, 3));
        assertUnmodifiable(list);
    }

    @Test
    void setKeepsRequestOrderWithoutDuplicates() {
        final Object set = read(new TypeRef<Set<String>>() {}.type(), "b", "a", "b", "c");
        assertThat(set).isInstanceOf(Set.class).asInstanceOf(ITERABLE).containsExactly("b", "a", "c");
        assertUnmodifiable(set);
    }

    @Test
    void sortedSetIsSorted() {
        final Object set = read(new TypeRef<SortedSet<Long>>() {}.type(), "30", "-1", "30", "2");
        assertThat(set).isInstanceOf(SortedSet.class).asInstanceOf(ITERABLE).containsExactly(-1L, 2L, 30L);
        assertUnmodifiable(set);
    }

    @Test
    void singleValueCollections() {
        assertThat(read(new TypeRef<List<Boolean>>() {}.type(), "true")).isEqualTo(List.of(true));
        assertThat(read(new TypeRef<Set<Character>>() {}.type(), "x")).isEqualTo(Set.of('x'));
    }

    @Test
    void collectionsNameTheValueThatFailed() {
        assertThat(invalid(new TypeRef<List<Integer>>() {}.type(), "1", "two", "3"))
                .isEqualTo("query parameter 'p' (value 2 of 3): expected an integer, got \"two\"");
        assertThat(invalid(new TypeRef<Set<UUID>>() {}.type(), "nope"))
                .isEqualTo("query parameter 'p': expected a UUID, got \"nope\"");
        assertThat(invalid(new TypeRef<SortedSet<BuiltInTypesTest.Sort>>() {}.type(), "ASC", "up"))
                .isEqualTo("query parameter 'p' (value 2 of 2): expected one of [ASC, DESC], got \"up\"");
    }

    @SuppressWarnings("unchecked")
    private static void assertUnmodifiable(final Object collection) {
        assertThatExceptionOfType(UnsupportedOperationException.class)
                .isThrownBy(() -> ((Collection<Object>) collection).add("more"));
    }
}
