package org.jzenith.core.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class FailuresTest {

    @Test
    void joinsTheMessagesOfTheCauses() {
        final Exception failure = new SQLException(
                "Connection to 127.0.0.1:1 refused. Check that the postmaster is accepting TCP/IP connections.",
                new ConnectException("Connection refused"));

        assertThat(Failures.describe(failure))
                .isEqualTo("Connection to 127.0.0.1:1 refused. Check that the postmaster is accepting TCP/IP"
                        + " connections: Connection refused");
    }

    @Test
    void leavesOutRepeatedAndEmptyMessages() {
        final Exception cause = new ConnectException("Connection refused");
        final Exception failure =
                new IllegalStateException("Failed: Connection refused", new RuntimeException((String) null, cause));

        assertThat(Failures.describe(failure)).isEqualTo("Failed: Connection refused");
        assertThat(Failures.describe(new RuntimeException())).isEqualTo("java.lang.RuntimeException");
    }
}
