package org.jzenith.rest.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OpenAccessTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "127.0.0.2",
                "127.255.255.254",
                "::1",
                "[::1]",
                "localhost",
                "LocalHost",
                " 127.0.0.1 "
            })
    void addressesOnlyThisMachineReachAreLoopback(final String host) {
        assertThat(OpenAccess.isLoopback(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0.0.0.0",
                "::",
                "[::]",
                "192.0.2.7",
                "10.0.0.1",
                "fd00::2",
                "service.example.com",
                "localhost.example.com",
                "127.0.0.1.nip.io"
            })
    void everythingElseIsReachableFromTheNetwork(final String host) {
        assertThat(OpenAccess.isLoopback(host)).isFalse();
    }

    @Test
    void openAccessWithoutARoleIsAMistake() {
        assertThatThrownBy(OpenAccess::grant)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one");
    }
}
