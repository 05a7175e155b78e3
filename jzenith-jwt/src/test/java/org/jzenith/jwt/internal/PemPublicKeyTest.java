package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.jzenith.jwt.TestKeys;

class PemPublicKeyTest {

    @Test
    void anRsaKeyVerifiesTheRsaAlgorithms() {
        assertThat(PemPublicKey.read(TestKeys.rsa(null).publicPem(), new StringBuilder()))
                .hasValueSatisfying(key -> assertThat(key.algorithms()).containsExactly("RS256", "RS384", "RS512"));
    }

    @Test
    void anEcKeyVerifiesTheAlgorithmOfItsCurve() {
        assertThat(PemPublicKey.read(TestKeys.ec().publicPem(), new StringBuilder()))
                .hasValueSatisfying(key -> assertThat(key.algorithms()).containsExactly("ES256"));
    }

    @Test
    void textWithoutAKeySaysWhatIsMissing() {
        final StringBuilder problem = new StringBuilder();
        assertThat(PemPublicKey.read("hello", problem)).isEmpty();
        assertThat(problem).hasToString("no -----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY----- block");
    }

    @Test
    void aBlockThatIsNoKeySaysSo() {
        final StringBuilder problem = new StringBuilder();
        assertThat(PemPublicKey.read("-----BEGIN PUBLIC KEY-----\naGVsbG8=\n-----END PUBLIC KEY-----", problem))
                .isEmpty();
        assertThat(problem).hasToString("not an RSA or EC (P-256, P-384, P-521) public key");
    }
}
