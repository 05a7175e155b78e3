package org.jzenith.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChallengeTest {

    @Test
    void theSchemeAloneHasNoParameters() {
        assertThat(Challenge.of("Bearer").header()).isEqualTo("Bearer");
    }

    @Test
    void parametersAreQuotedStringsInOrder() {
        assertThat(Challenge.of("Bearer")
                        .with("realm", "users")
                        .with("error", "invalid_token")
                        .header())
                .isEqualTo("Bearer realm=\"users\", error=\"invalid_token\"");
    }

    @Test
    void aParameterGivenAgainKeepsItsPlace() {
        assertThat(Challenge.of("Bearer")
                        .with("realm", "a")
                        .with("error", "x")
                        .with("realm", "b")
                        .header())
                .isEqualTo("Bearer realm=\"b\", error=\"x\"");
    }

    @Test
    void quotesAndBackslashesAreEscapedAndLineBreaksCannotSplitTheHeader() {
        assertThat(Challenge.of("Bearer")
                        .with("error_description", "a \"b\" \\ c\r\nSet-Cookie: x")
                        .header())
                .isEqualTo("Bearer error_description=\"a \\\"b\\\" \\\\ c  Set-Cookie: x\"");
    }

    @Test
    void nonAsciiBecomesASpace() {
        assertThat(Challenge.of("Bearer").with("realm", "caf\u00e9").header()).isEqualTo("Bearer realm=\"caf \"");
    }
}
