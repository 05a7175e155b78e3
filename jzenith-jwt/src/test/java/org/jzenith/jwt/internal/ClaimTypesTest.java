package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.util.Types;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ClaimTypesTest {

    private static Function<Object, Object> to(final java.lang.reflect.Type type) {
        return ClaimTypes.conversionTo(type).orElseThrow();
    }

    @Test
    void standardClaimsHaveMicroProfilesTypes() {
        assertThat(ClaimTypes.standard("exp", 1700000000)).isEqualTo(1700000000L);
        assertThat(ClaimTypes.standard("aud", "orders")).isEqualTo(Set.of("orders"));
        assertThat(ClaimTypes.standard("groups", List.of("a", "b"))).isEqualTo(Set.of("a", "b"));
        assertThat(ClaimTypes.standard("level", 3)).isEqualTo(3L);
        assertThat(ClaimTypes.standard("address", Map.of("city", "Bern"))).isEqualTo(Map.of("city", "Bern"));
        assertThat(ClaimTypes.standard("email", null)).isNull();
    }

    @Test
    void aClaimIsConvertedToTheInjectionPointsType() {
        assertThat(to(String.class).apply("ada")).isEqualTo("ada");
        assertThat(to(Long.class).apply(5L)).isEqualTo(5L);
        assertThat(to(Long.class).apply("not a number")).isNull();
        assertThat(to(Boolean.class).apply(true)).isEqualTo(true);
        assertThat(to(Types.setOf(String.class)).apply(List.of("a"))).isEqualTo(Set.of("a"));
        assertThat(to(Types.newParameterizedType(Optional.class, String.class)).apply(null))
                .isEqualTo(Optional.empty());
        assertThat(to(Types.newParameterizedType(Optional.class, Long.class)).apply(7L))
                .isEqualTo(Optional.of(7L));
    }

    @Test
    void otherTypesHaveNoConversion() {
        assertThat(ClaimTypes.conversionTo(Integer.class)).isEmpty();
        assertThat(ClaimTypes.conversionTo(Types.listOf(String.class))).isEmpty();
        assertThat(ClaimTypes.conversionTo(Types.setOf(Long.class))).isEmpty();
    }
}
