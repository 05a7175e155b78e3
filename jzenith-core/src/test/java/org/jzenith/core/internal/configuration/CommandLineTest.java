package org.jzenith.core.internal.configuration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationProblem;

class CommandLineTest {

    @Test
    void argumentsNotUnderstoodAreReportedWithTheirPasswordsMasked() {
        final CommandLine line = CommandLine.parse(
                "-jdbc.password=hunter2",
                "jdbc.url=jdbc:postgresql://db/app?user=app&password=s3cret",
                "postgresql://app:pa55@db/app",
                "--redis.password",
                "swordfish",
                "--rest.port=8080");

        assertThat(line.values()).containsOnlyKeys("rest.port");
        assertThat(line.problems())
                .extracting(ConfigurationProblem::key)
                .containsExactly(
                        "-jdbc.password=****",
                        "jdbc.url=jdbc:postgresql://db/app?user=app&password=****",
                        "postgresql://app:****@db/app",
                        "--redis.password",
                        "****");
        assertThat(line.problems().toString())
                .doesNotContain("hunter2")
                .doesNotContain("s3cret")
                .doesNotContain("pa55")
                .doesNotContain("swordfish");
    }

    @Test
    void anArgumentAfterAKeyThatIsNotSecretIsShown() {
        assertThat(CommandLine.parse("--rest.port", "8080").problems())
                .extracting(ConfigurationProblem::key)
                .containsExactly("--rest.port", "8080");
    }
}
