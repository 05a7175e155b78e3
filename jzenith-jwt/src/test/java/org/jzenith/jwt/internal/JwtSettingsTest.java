package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.jwt.JwtConfiguration;
import org.jzenith.jwt.MicroProfileJwtConfiguration;
import org.jzenith.jwt.TestKeys;
import org.jzenith.test.Configurations;

/** Every key that is not right is a {@link SettingProblem} of its own, all found in one pass. */
class JwtSettingsTest {

    private static List<SettingProblem> problems(final Map<String, String> values) {
        return JwtSettings.problems(
                Configurations.read(JwtConfiguration.class, under("jwt.", values)),
                Configurations.read(MicroProfileJwtConfiguration.class, under("mp.jwt.", values)));
    }

    private static JwtSettings of(final Map<String, String> values) {
        return JwtSettings.of(
                Configurations.read(JwtConfiguration.class, under("jwt.", values)),
                Configurations.read(MicroProfileJwtConfiguration.class, under("mp.jwt.", values)));
    }

    /** The values of one mapping's keys: each mapping is read alone here, and would call the other's unknown. */
    private static Map<String, String> under(final String prefix, final Map<String, String> values) {
        return values.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith(prefix))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    @Test
    void everyBadKeyIsReportedAtOnce() {
        final Map<String, String> configuration = Map.of(
                "jwt.public-key", "not a key",
                "jwt.jwks-url", "ftp://id.example.com/certs",
                "jwt.issuer", " ",
                "jwt.roles-claim", " ");

        assertThat(problems(configuration))
                .extracting(SettingProblem::key)
                .containsExactly(
                        "jwt.public-key",
                        "jwt.jwks-url",
                        "jwt.public-key",
                        "jwt.jwks-url",
                        "jwt.issuer",
                        "jwt.audience",
                        "jwt.roles-claim");
        assertThatThrownBy(() -> of(configuration))
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
        assertThat(problems((Map.of("jwt.issuer", "i", "jwt.audience", "a"))))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("jwt.public-key, jwt.public-key-file, jwt.jwks-url");
                    assertThat(problem.expected()).startsWith("one of them: the PEM public key");
                });
    }

    @Test
    void threeKeySourcesNameTheOtherTwoEach() {
        assertThat(problems((Map.of(
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
        final JwtSettings settings =
                of((Map.of("jwt.jwks-url", "https://id.example.com/certs", "jwt.issuer", "i", "jwt.audience", "a, b")));

        assertThat(settings.keys()).isInstanceOf(KeySource.Jwks.class);
        assertThat(settings.realm()).isEqualTo("jzenith");
        assertThat(problems((Map.of(
                        "jwt.jwks-url", "https://id.example.com/certs", "jwt.issuer", "i", "jwt.audience", "a"))))
                .isEmpty();
    }

    @Test
    void microProfileNamesAreAliasesSoAQuarkusFileTranslatesLineByLine() {
        final JwtSettings settings = of(Map.of(
                "mp.jwt.verify.publickey.location", "https://id.example.com/certs",
                "mp.jwt.verify.issuer", "https://example.com/issuer",
                "mp.jwt.verify.audiences", "orders,billing"));

        assertThat(settings.keys()).isEqualTo(new KeySource.Jwks(java.net.URI.create("https://id.example.com/certs")));
        assertThat(settings.claims().issuer()).isEqualTo("https://example.com/issuer");
        assertThat(settings.claims().audiences()).containsExactlyInAnyOrder("orders", "billing");
        assertThat(of(Map.of(
                                "mp.jwt.verify.publickey",
                                TestKeys.rsa(null).publicPem(),
                                "mp.jwt.verify.issuer",
                                "i",
                                "mp.jwt.verify.audiences",
                                "a"))
                        .keys())
                .isInstanceOf(KeySource.Pem.class);
    }

    @Test
    void aPublicKeyLocationIsReadFromTheClassPathAsQuarkusReadsPublicKeyPem() {
        assertThat(of(Map.of(
                                "mp.jwt.verify.publickey.location", "jwt/publicKey.pem",
                                "mp.jwt.verify.issuer", "i",
                                "jwt.verify-audience", "false"))
                        .keys())
                .isInstanceOf(KeySource.Pem.class);
        assertThat(problems(Map.of(
                        "mp.jwt.verify.publickey.location", "classpath:nowhere.pem",
                        "mp.jwt.verify.issuer", "i",
                        "jwt.verify-audience", "false")))
                .extracting(SettingProblem::key, SettingProblem::expected)
                .containsExactly(tuple(
                        "mp.jwt.verify.publickey.location",
                        "a PEM public key on the class path, but there is no resource nowhere.pem"));
    }

    @Test
    void aSettingGivenUnderBothNamesIsAProblem() {
        assertThat(problems(Map.of(
                        "jwt.jwks-url", "https://id.example.com/certs",
                        "jwt.issuer", "i",
                        "mp.jwt.verify.issuer", "i",
                        "jwt.audience", "a")))
                .extracting(SettingProblem::key)
                .containsExactly("mp.jwt.verify.issuer");
    }

    @Test
    void theAudienceIsRequiredUnlessTheApplicationTurnsTheCheckOff() {
        assertThat(problems(Map.of("jwt.jwks-url", "https://id.example.com/certs", "jwt.issuer", "i")))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("jwt.audience");
                    assertThat(problem.expected()).contains("set jwt.verify-audience=false");
                });
        final JwtSettings any = of(Map.of(
                "jwt.jwks-url", "https://id.example.com/certs", "jwt.issuer", "i", "jwt.verify-audience", "false"));
        assertThat(any.claims().audiences()).isEmpty();
        assertThat(problems(Map.of(
                        "jwt.jwks-url", "https://id.example.com/certs",
                        "jwt.issuer", "i",
                        "jwt.audience", "a",
                        "jwt.verify-audience", "false")))
                .extracting(SettingProblem::key)
                .containsExactly("jwt.verify-audience");
    }
}
