package org.jzenith.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PreStopDelayTest {

    private static final Map<String, String> POD = Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1");

    @Test
    void aKubernetesPodWaitsFiveSecondsUnlessConfigured() {
        assertThat(PreStopDelay.of(Optional.empty(), POD)).isEqualTo(Duration.ofSeconds(5));
        assertThat(PreStopDelay.of(Optional.of(Duration.ZERO), POD)).isEqualTo(Duration.ZERO);
    }

    @Test
    void elsewhereThereIsNoDelayUnlessConfigured() {
        assertThat(PreStopDelay.of(Optional.empty(), Map.of())).isEqualTo(Duration.ZERO);
        assertThat(PreStopDelay.of(Optional.of(Duration.ofSeconds(3)), Map.of()))
                .isEqualTo(Duration.ofSeconds(3));
    }
}
