package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a person sees when a service started with {@code run()} cannot start. */
class StartupFailureReportIT {

    @Test
    void aServiceThatCannotStartPrintsEveryProblemWithoutStackFramesAndExitsOne() throws Exception {
        final Process process = start("--sample.port=99999", "--sample.prot=80", "--jzenith.event-loops=0");

        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isEqualTo(1);
        assertThat(output)
                .contains(
                        String.join(
                                System.lineSeparator(),
                                "jZenith did not start.",
                                "The configuration has 3 problems:",
                                "  - sample.prot (command line): unknown key; did you mean sample.port?",
                                "  - jzenith.event-loops (command line): \"0\" is not valid: expected 1 to 1024",
                                "  - sample.port (command line): \"99999\" is not valid: expected 0 to 65535 (0 picks a free port)"))
                .doesNotContain("Exception in thread", "\tat ", "STARTED");
    }

    private static Process start(final String... args) throws IOException {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final List<String> command = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                MisconfiguredApplication.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }
}
