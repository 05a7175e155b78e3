package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.CoreConfiguration;

/** Two plugins may not give one key different defaults: neither would be the one the user meant. */
class PluginDefaultsConflictTest {

    @Test
    void differentDefaultsForOneKeyStopStartUpNamingBothPlugins() {
        final JZenith app = JZenith.application("--jzenith.profile=dev")
                .withPlugins(giving("first", "30s"), giving("second", "90s"));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("%dev.jzenith.start-timeout")
                .hasMessageContaining("'first' and 'second'")
                .hasMessageContaining("\"30s\" and \"90s\"");
    }

    @Test
    void theSameDefaultFromTwoPluginsIsTaken() {
        final JZenith app = JZenith.application("--jzenith.profile=dev")
                .withPlugins(giving("first", "30s"), giving("second", "30s"))
                .start();
        try {
            assertThat(app.instance(CoreConfiguration.class).startTimeout()).isEqualTo(Duration.ofSeconds(30));
        } finally {
            app.stop();
        }
    }

    private static Plugin giving(final String name, final String startTimeout) {
        return new Plugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Map<String, String> configurationDefaults() {
                return Map.of("%dev.jzenith.start-timeout", startTimeout);
            }
        };
    }
}
