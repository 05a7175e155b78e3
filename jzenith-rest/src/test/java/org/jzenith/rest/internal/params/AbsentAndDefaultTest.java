package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.jzenith.rest.internal.params.Readers.reader;
import static org.jzenith.rest.internal.params.Readers.valueOf;

import java.lang.reflect.Type;
import java.time.LocalDate;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AbsentAndDefaultTest {

    private static Object absent(final Type type) {
        return valueOf(reader(type).read(List.of()));
    }

    private static Object absent(final Type type, final String defaultValue) {
        return valueOf(reader(type, defaultValue).read(List.of()));
    }

    @Test
    void absentPrimitivesGetTheirZeroValue() {
        assertThat(absent(int.class)).isEqualTo(0);
        assertThat(absent(long.class)).isEqualTo(0L);
        assertThat(absent(short.class)).isEqualTo((short) 0);
        assertThat(absent(byte.class)).isEqualTo((byte) 0);
        assertThat(absent(double.class)).isEqualTo(0d);
        assertThat(absent(float.class)).isEqualTo(0f);
        assertThat(absent(boolean.class)).isEqualTo(false);
        assertThat(absent(char.class)).isEqualTo('\0');
    }

    @Test
    void absentObjectsAreNull() {
        assertThat(absent(Integer.class)).isNull();
        assertThat(absent(Boolean.class)).isNull();
        assertThat(absent(String.class)).isNull();
        assertThat(absent(UUID.class)).isNull();
        assertThat(absent(BuiltInTypesTest.Sort.class)).isNull();
        assertThat(absent(LocalDate.class)).isNull();
    }

    @Test
    void absentContainersAreEmpty() {
        assertThat(absent(new TypeRef<Optional<Integer>>() {}.type())).isEqualTo(Optional.empty());
        assertThat(absent(new TypeRef<List<String>>() {}.type())).isEqualTo(List.of());
        assertThat(absent(new TypeRef<Set<String>>() {}.type())).isEqualTo(Set.of());
        assertThat(absent(new TypeRef<SortedSet<String>>() {}.type())).isEqualTo(Collections.emptySortedSet());
    }

    @Test
    void absentReadsShareOneBinding() {
        final ValueReader reader = reader(new TypeRef<List<String>>() {}.type());
        assertThat(reader.read(List.of())).isSameAs(reader.read(List.of()));
    }

    @Test
    void defaultsStandInForTheAbsentValue() {
        assertThat(absent(int.class, "10")).isEqualTo(10);
        assertThat(absent(Integer.class, "-3")).isEqualTo(-3);
        assertThat(absent(String.class, "name")).isEqualTo("name");
        assertThat(absent(boolean.class, "true")).isEqualTo(true);
        assertThat(absent(BuiltInTypesTest.Sort.class, "desc")).isEqualTo(BuiltInTypesTest.Sort.DESC);
        assertThat(absent(LocalDate.class, "2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(absent(new TypeRef<Optional<Integer>>() {}.type(), "7")).isEqualTo(Optional.of(7));
        assertThat(absent(new TypeRef<List<Integer>>() {}.type(), "7")).isEqualTo(List.of(7));
        assertThat(absent(new TypeRef<Set<String>>() {}.type(), "a")).isEqualTo(Set.of("a"));
        assertThat(absent(new TypeRef<SortedSet<String>>() {}.type(), "a")).isEqualTo(Set.of("a"));
    }

    @Test
    void presentValuesWinOverTheDefault() {
        assertThat(valueOf(reader(int.class, "10").read(List.of("3")))).isEqualTo(3);
        assertThat(valueOf(reader(new TypeRef<List<Integer>>() {}.type(), "10").read(List.of("1", "2"))))
                .isEqualTo(List.of(1, 2));
    }

    @Test
    void anInvalidDefaultFailsAtStartUp() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> reader(int.class, "ten"))
                .withMessage("query parameter 'p': @DefaultValue \"ten\" is not valid, expected an integer");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> reader(new TypeRef<List<UUID>>() {}.type(), "42"))
                .withMessage("query parameter 'p': @DefaultValue \"42\" is not valid, expected a UUID");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> reader(LocalDate.class, "yesterday"))
                .withMessage(
                        "query parameter 'p': @DefaultValue \"yesterday\" is not valid, expected an ISO-8601 date such as 2026-11-24");
    }
}
