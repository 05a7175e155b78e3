package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BindingTest {

    @Test
    void valueHoldsTheValue() {
        assertThat(Binding.value("x")).isEqualTo(new Binding.Value("x"));
    }

    @Test
    void commonValuesShareInstances() {
        assertThat(Binding.value(null)).isSameAs(Binding.value(null)).isEqualTo(new Binding.Value(null));
        assertThat(Binding.value(true)).isSameAs(Binding.value(Boolean.TRUE));
        assertThat(Binding.value(false)).isSameAs(Binding.value(Boolean.FALSE));
        assertThat(Binding.value(Optional.empty())).isSameAs(Binding.value(Optional.empty()));
        assertThat(Binding.value(List.of())).isSameAs(Binding.value(List.of()));
        assertThat(Binding.value(Set.of())).isSameAs(Binding.value(Set.of()));
        assertThat(Binding.value(Collections.emptySortedSet())).isSameAs(Binding.value(Collections.emptySortedSet()));
    }

    @Test
    void invalidHoldsTheMessage() {
        assertThat(Binding.invalid("bad")).isEqualTo(new Binding.Invalid("bad"));
        assertThatNullPointerException().isThrownBy(() -> Binding.invalid(null));
    }
}
