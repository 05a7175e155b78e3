package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LocalServicesCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void refusesWhatItDoesNotKnowIncludingStop() {
        assertThat(run("stop", "postgresql")).isEqualTo(2);
        assertThat(run("nosuchservice")).isEqualTo(2);
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("usage: services.sh [start|status] postgresql|mariadb|redis");
    }

    @Test
    void statusAnswersWithoutStartingAnything() {
        final int exit = run("status", "redis");
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("redis ").contains("127.0.0.1:6379");
        assertThat(exit).isEqualTo(LocalServices.accepts("127.0.0.1", 6379) ? 0 : 1);
    }

    private int run(final String... args) {
        return LocalServicesCommand.run(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
    }
}
