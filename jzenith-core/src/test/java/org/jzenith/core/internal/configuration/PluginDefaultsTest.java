package org.jzenith.core.internal.configuration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.configuration.SampleConfiguration;

/**
 * A plugin's default for one profile ({@code %dev.sample.host}, as the REST plugin gives {@code
 * %dev.rest.host}): it replaces the mapping's own default while the profile is active, and the key
 * set by the application in any source replaces it.
 */
class PluginDefaultsTest {

    private static final Map<String, String> DEFAULTS = Map.of("%dev.sample.host", "127.0.0.1");

    @Test
    void withoutTheProfileTheMappingsDefaultHolds() {
        assertThat(host(new String[] {}, Map.of(), Map.of(), "absent.properties"))
                .isEqualTo("localhost");
        assertThat(host(new String[] {"--jzenith.profile=prod"}, Map.of(), Map.of(), "absent.properties"))
                .isEqualTo("localhost");
    }

    @Test
    void inTheProfileThePluginsDefaultHolds() {
        assertThat(host(new String[] {"--jzenith.profile=dev"}, Map.of(), Map.of(), "absent.properties"))
                .isEqualTo("127.0.0.1");
        assertThat(host(new String[] {}, Map.of("JZENITH_PROFILE", "dev"), Map.of(), "absent.properties"))
                .isEqualTo("127.0.0.1");
    }

    /** Each source the application writes, alone, with the profile active: its value wins. */
    @ParameterizedTest
    @ValueSource(strings = {"command line", "environment", "code", "classpath", "profile key in code"})
    void theApplicationsOwnValueWinsFromAnySource(final String source) {
        final String expected =
                switch (source) {
                    case "classpath" -> "0.0.0.0";
                    case "profile key in code" -> "10.0.0.9";
                    default -> source;
                };
        final String[] args = source.equals("command line")
                ? new String[] {"--jzenith.profile=dev", "--sample.host=command line"}
                : new String[] {"--jzenith.profile=dev"};
        final Map<String, String> environment =
                source.equals("environment") ? Map.of("SAMPLE_HOST", "environment") : Map.of();
        final Map<String, String> code =
                switch (source) {
                    case "code" -> Map.of("sample.host", "code");
                    case "profile key in code" -> Map.of("%dev.sample.host", "10.0.0.9");
                    default -> Map.of();
                };
        final String resource = source.equals("classpath") ? "plugin-defaults.properties" : "absent.properties";

        assertThat(host(args, environment, code, resource)).isEqualTo(expected);
    }

    private static String host(
            final String[] args,
            final Map<String, String> environment,
            final Map<String, String> code,
            final String resource) {
        final ConfigurationInput input =
                new ConfigurationInput(CommandLine.parse(args), environment, new HashMap<>(), code, resource);
        final ConfigurationLoader.Loaded loaded = ConfigurationLoader.read(
                input, List.of(CoreConfiguration.class, SampleConfiguration.class), List.of(), DEFAULTS);
        assertThat(loaded.problems()).isEmpty();
        return loaded.config()
                .orElseThrow()
                .getConfigMapping(SampleConfiguration.class)
                .host();
    }
}
