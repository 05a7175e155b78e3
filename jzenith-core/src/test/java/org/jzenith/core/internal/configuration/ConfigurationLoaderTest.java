package org.jzenith.core.internal.configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.SmallRyeConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.core.configuration.RequiredConfiguration;
import org.jzenith.core.configuration.SampleConfiguration;
import org.jzenith.core.configuration.Secrets;

class ConfigurationLoaderTest {

    @TempDir
    Path folder;

    /** The precedence the README documents, highest first; each level is removed in turn. */
    private static final List<String> PRECEDENCE =
            List.of("command line", "environment", "system properties", "file", "code", "classpath", "default");

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6})
    void theHighestSourceThatSetsAKeyWins(final int highest) throws IOException {
        final List<String> present = PRECEDENCE.subList(highest, PRECEDENCE.size());
        final List<String> args = new ArrayList<>();
        if (present.contains("command line")) {
            args.add("--sample.value=command line");
        }
        if (present.contains("file")) {
            final Path file = folder.resolve("app.properties");
            Files.writeString(file, "sample.value=file\n");
            args.add("--config=" + file);
        }
        final ConfigurationInput input = new ConfigurationInput(
                CommandLine.parse(args.toArray(String[]::new)),
                present.contains("environment") ? Map.of("SAMPLE_VALUE", "environment") : Map.of(),
                present.contains("system properties") ? Map.of("sample.value", "system properties") : Map.of(),
                present.contains("code") ? Map.of("sample.value", "code") : Map.of(),
                present.contains("classpath") ? "precedence.properties" : "absent.properties");

        final SampleConfiguration sample = load(input).getConfigMapping(SampleConfiguration.class);

        assertThat(sample.value()).isEqualTo(PRECEDENCE.get(highest));
    }

    @Test
    void expandsVariablesWithAndWithoutDefaults() {
        final ConfigurationInput input = input(
                new String[] {"--sample.host=${HOST_NAME}", "--sample.value=${MISSING_VARIABLE:fallback}-x"},
                Map.of("HOST_NAME", "db.internal"),
                Map.of());

        final SampleConfiguration sample = load(input).getConfigMapping(SampleConfiguration.class);

        assertThat(sample.host()).isEqualTo("db.internal");
        assertThat(sample.value()).isEqualTo("fallback-x");
    }

    @Test
    void readsDurationsAsPeopleWriteThem() {
        assertThat(load(input(new String[] {"--sample.timeout=250ms"}, Map.of(), Map.of()))
                        .getConfigMapping(SampleConfiguration.class)
                        .timeout())
                .isEqualTo(Duration.ofMillis(250));
        assertThat(load(input(new String[] {"--sample.timeout=PT2M"}, Map.of(), Map.of()))
                        .getConfigMapping(SampleConfiguration.class)
                        .timeout())
                .isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void reportsEveryProblemAtOnceNamingKeyAndSource() {
        final ConfigurationInput input = input(
                new String[] {"--sample.port=eighty", "stray", "--sample.prot=80"},
                Map.of("SAMPLE_TIMEOUT", "soon"),
                Map.of("sample.hots", "example.org"));

        assertThatThrownBy(() -> ConfigurationLoader.load(
                        input, List.of(SampleConfiguration.class, RequiredConfiguration.class)))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> {
                    assertThat(e.problems())
                            .extracting(ConfigurationProblem::key)
                            .containsExactlyInAnyOrder(
                                    "stray",
                                    "sample.prot",
                                    "sample.hots",
                                    "sample.port",
                                    "sample.timeout",
                                    "required.url");
                    assertThat(e.getMessage())
                            .contains("The configuration has 6 problems")
                            .contains("sample.port (command line): \"eighty\" is not valid")
                            .contains("sample.timeout (environment SAMPLE_TIMEOUT): \"soon\" is not valid: "
                                    + "expected a duration such as 500ms")
                            .contains("sample.prot (command line): unknown key; did you mean sample.port?")
                            .contains("sample.hots (code (withConfiguration)): unknown key; did you mean sample.host?")
                            .contains("required.url (nowhere): required, but no source sets it; set it with "
                                    + "--required.url=..., the environment variable REQUIRED_URL")
                            .contains("stray (command line): not understood");
                });
    }

    @Test
    void neverShowsSecretValues() {
        final ConfigurationInput input = input(
                new String[] {"--sample.password=hunter2", "--sample.port=postgresql://app:s3cret@db/app"},
                Map.of(),
                Map.of());
        final SmallRyeConfig config = ConfigurationLoader.load(
                input(new String[] {"--sample.password=hunter2"}, Map.of(), Map.of()),
                List.of(SampleConfiguration.class));
        assertThat(config.getConfigMapping(SampleConfiguration.class).password())
                .contains("hunter2");

        assertThatThrownBy(() -> load(input))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("sample.port (command line): \"postgresql://app:****@db/app\" is not valid")
                .hasMessageNotContaining("s3cret")
                .hasMessageNotContaining("hunter2");
        assertThat(Secrets.display("jdbc.password", "hunter2")).isEqualTo("****");
        assertThat(Secrets.display("redis.auth-token", "abc")).isEqualTo("****");
        assertThat(Secrets.display("jdbc.url", "jdbc:mysql://db/app?user=u&password=pw&ssl=true"))
                .isEqualTo("jdbc:mysql://db/app?user=u&password=****&ssl=true");
    }

    @Test
    void aSecretThatFailsToConvertIsMaskedToo() {
        final ConfigurationException e = org.junit.jupiter.api.Assertions.assertThrows(
                ConfigurationException.class,
                () -> ConfigurationLoader.load(
                        input(new String[] {"--secret.password=not-a-number"}, Map.of(), Map.of()),
                        List.of(SecretConfiguration.class)));
        assertThat(e.getMessage())
                .contains("secret.password (command line): \"****\"")
                .doesNotContain("not-a-number");
    }

    @io.smallrye.config.ConfigMapping(prefix = "secret")
    public interface SecretConfiguration {
        int password();
    }

    @Test
    void anUnreadableConfigFileIsAProblemNamingIt() {
        assertThatThrownBy(() -> load(input(new String[] {"--config=/no/such/file.properties"}, Map.of(), Map.of())))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "config (command line): cannot read the configuration file /no/such/file.properties");
    }

    @Test
    void suggestsNothingForKeysFarFromAnyKnownOne() {
        assertThatThrownBy(() -> load(input(new String[] {"--completely.different=1"}, Map.of(), Map.of())))
                .hasMessageContaining("completely.different (command line): unknown key; no plugin or configuration "
                        + "mapping of this application reads it");
    }

    @Test
    void editDistanceCountsSingleEdits() {
        assertThat(KnownKeys.editDistance("rest.port", "rest.prot")).isEqualTo(2);
        assertThat(KnownKeys.editDistance("", "abc")).isEqualTo(3);
        assertThat(KnownKeys.editDistance("same", "same")).isZero();
    }

    private static ConfigurationInput input(
            final String[] args, final Map<String, String> environment, final Map<String, String> code) {
        return new ConfigurationInput(CommandLine.parse(args), environment, new HashMap<>(), code, "absent.properties");
    }

    @Test
    void aProfilesKeysApplyWhileItIsActive() {
        final String[] args = {"--sample.value=plain", "--%dev.sample.value=dev", "--%prod.sample.value=prod"};

        assertThat(withCore(input(args, Map.of(), Map.of()))
                        .getConfigMapping(SampleConfiguration.class)
                        .value())
                .isEqualTo("plain");
        assertThat(withCore(input(concat(args, "--jzenith.profile=dev"), Map.of(), Map.of()))
                        .getConfigMapping(SampleConfiguration.class)
                        .value())
                .isEqualTo("dev");
        assertThat(withCore(input(args, Map.of("JZENITH_PROFILE", "prod"), Map.of()))
                        .getConfigMapping(SampleConfiguration.class)
                        .value())
                .isEqualTo("prod");
    }

    @Test
    void sourcesKeepTheirOrderAndAProfileKeyWinsOnlyWithinItsSource() {
        final ConfigurationInput input = input(
                new String[] {"--sample.value=plain", "--jzenith.profile=dev"},
                Map.of(),
                Map.of("%dev.sample.value", "dev in code"));

        // The command line's plain key outranks the profile key set in code, a lower source.
        assertThat(withCore(input).getConfigMapping(SampleConfiguration.class).value())
                .isEqualTo("plain");

        final ConfigurationInput sameSource = input(
                new String[] {"--sample.value=plain", "--%dev.sample.value=dev", "--jzenith.profile=dev"},
                Map.of(),
                Map.of());
        assertThat(withCore(sameSource)
                        .getConfigMapping(SampleConfiguration.class)
                        .value())
                .isEqualTo("dev");
    }

    @Test
    void anUnknownKeyOfAnyProfileIsReportedWithItsProfile() {
        final ConfigurationInput input = input(new String[] {"--%prod.sample.prot=80"}, Map.of(), Map.of());

        assertThatThrownBy(() -> withCore(input))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("%prod.sample.prot (command line): unknown key; did you mean %prod.sample.port?");
    }

    private static SmallRyeConfig withCore(final ConfigurationInput input) {
        return ConfigurationLoader.load(
                input, List.of(SampleConfiguration.class, org.jzenith.core.configuration.CoreConfiguration.class));
    }

    private static String[] concat(final String[] args, final String more) {
        final String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }

    private static SmallRyeConfig load(final ConfigurationInput input) {
        return ConfigurationLoader.load(input, List.of(SampleConfiguration.class));
    }
}
