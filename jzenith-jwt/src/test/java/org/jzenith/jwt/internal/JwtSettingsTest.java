package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.jwt.JwtConfiguration;
import org.jzenith.jwt.TestKeys;
import org.jzenith.test.Configurations;

/** Every key that is not right is a {@link SettingProblem} of its own, all found in one pass. */
class JwtSettingsTest {

    private static JwtConfiguration configuration(final Map<String, String> values) {
        return Configurations.read(JwtConfiguration.class, values);
    }

    @Test
    void everyBadKeyIsReportedAtOnce() {
        final JwtConfiguration configuration = configuration(Map.of(
                "jwt.public-key", "not a key",
                "jwt.jwks-url", "ftp://id.example.com/certs",
                "jwt.issuer", " ",
                "jwt.roles-claim", " "));

        assertThat(JwtSettings.problems(configuration))
                .extracting(SettingProblem::key)
                .containsExactly(
                        "jwt.public-key",
                        "jwt.jwks-url",
                        "jwt.public-key",
                        "jwt.jwks-url",
                        "jwt.issuer",
                        "jwt.audience",
                        "jwt.roles-claim");
        assertThatThrownBy(() -> JwtSettings.of(configuration))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jwt.public-key is not valid: expected no value, as jwt.jwks-url is set too")
                .hasMessageContaining("jwt.public-key is not valid: expected a PEM public key")
                .hasMessageContaining("jwt.jwks-url is not valid: expected an https URL")
                .hasMessageContaining("jwt.issuer is not valid")
                .hasMessageContaining("jwt.audience is not valid")
                .hasMessageContaining("jwt.roles-claim is not valid")
                .message()
                .as("a problem names the key, never the value")
                .doesNotContain("not a key");
    }

    @Test
    void noKeySourceIsOneProblemNamingEachKeyThatWouldFixIt() {
        assertThat(JwtSettings.problems(configuration(Map.of("jwt.issuer", "i", "jwt.audience", "a"))))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("jwt.public-key, jwt.public-key-file, jwt.jwks-url");
                    assertThat(problem.expected()).startsWith("one of them: the PEM public key");
                });
    }

    @Test
    void threeKeySourcesNameTheOtherTwoEach() {
        assertThat(JwtSettings.problems(configuration(Map.of(
                        "jwt.public-key", TestKeys.rsa(null).publicPem(),
                        "jwt.public-key-file", "/nowhere/issuer.pem",
                        "jwt.jwks-url", "https://id.example.com/certs",
                        "jwt.issuer", "i",
                        "jwt.audience", "a"))))
                .extracting(SettingProblem::key, SettingProblem::expected)
                .startsWith(
                        tuple(
                                "jwt.public-key",
                                "no value, as jwt.public-key-file and jwt.jwks-url are set too: keep exactly one of"
                                        + " the PEM public key that verifies tokens (jwt.public-key), a file holding it"
                                        + " (jwt.public-key-file) or the URL of the issuer's JSON Web Key Set"
                                        + " (jwt.jwks-url)"),
                        tuple(
                                "jwt.public-key-file",
                                "no value, as jwt.public-key and jwt.jwks-url are set too: keep exactly one of"
                                        + " the PEM public key that verifies tokens (jwt.public-key), a file holding it"
                                        + " (jwt.public-key-file) or the URL of the issuer's JSON Web Key Set"
                                        + " (jwt.jwks-url)"));
    }

    @Test
    void settingsThatHoldAreRead() {
        final JwtSettings settings = JwtSettings.of(configuration(
                Map.of("jwt.jwks-url", "https://id.example.com/certs", "jwt.issuer", "i", "jwt.audience", "a, b")));

        assertThat(settings.keys()).isInstanceOf(KeySource.Jwks.class);
        assertThat(settings.realm()).isEqualTo("jzenith");
        assertThat(JwtSettings.problems(configuration(Map.of(
                        "jwt.jwks-url", "https://id.example.com/certs", "jwt.issuer", "i", "jwt.audience", "a"))))
                .isEmpty();
    }
}
