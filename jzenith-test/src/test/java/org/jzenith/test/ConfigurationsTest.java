package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;

class ConfigurationsTest {

    @Test
    void readsTheValuesAndTheDefaults() {
        assertThat(Configurations.read(WithoutRestTest.GreetingConfiguration.class, Map.of("greeting.word", "hi"))
                        .word())
                .isEqualTo("hi");
        assertThat(Configurations.read(WithoutRestTest.GreetingConfiguration.class, Map.of())
                        .word())
                .isEqualTo("hello");
    }

    @Test
    void checksAsAtStartUp() {
        assertThatThrownBy(() ->
                        Configurations.read(WithoutRestTest.GreetingConfiguration.class, Map.of("greeting.wrod", "hi")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("did you mean greeting.word?");
    }
}
