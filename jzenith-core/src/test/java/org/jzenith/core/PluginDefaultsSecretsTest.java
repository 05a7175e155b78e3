package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;

/** Two plugins' conflicting defaults are reported as every setting is: a secret in them masked. */
class PluginDefaultsSecretsTest {

    @Test
    void conflictingDefaultsShowNoPassword() {
        final JZenith app = JZenith.application()
                .withPlugins(
                        giving("first", "postgresql://app:first-pw@db/app", "first-secret"),
                        giving("second", "postgresql://app:second-pw@db/app", "second-secret"));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("\"postgresql://app:****@db/app\" and \"postgresql://app:****@db/app\"")
                .hasMessageContaining("\"****\" and \"****\"")
                .hasMessageNotContaining("first-pw")
                .hasMessageNotContaining("second-pw")
                .hasMessageNotContaining("first-secret")
                .hasMessageNotContaining("second-secret");
    }

    private static Plugin giving(final String name, final String url, final String password) {
        return new Plugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Map<String, String> configurationDefaults() {
                return Map.of("sample.url", url, "sample.password", password);
            }
        };
    }
}
