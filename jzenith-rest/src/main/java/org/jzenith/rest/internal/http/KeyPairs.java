package org.jzenith.rest.internal.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.X509KeyManager;

/**
 * Whether a key manager's private key belongs to its certificate. Files are replaced one at a time
 * when a certificate is renewed, so a reload may read the new key beside the old certificate: such
 * a pair would fail every handshake, and is not served.
 */
final class KeyPairs {

    private static final byte[] PROBE = "jzenith".getBytes(StandardCharsets.US_ASCII);

    private KeyPairs() {}

    /** Empty when every key of {@code factory} signs what its certificate verifies; else what does not match. */
    static Optional<String> mismatch(final KeyManagerFactory factory) {
        for (final KeyManager manager : factory.getKeyManagers()) {
            if (manager instanceof X509KeyManager keys) {
                for (final String type : new String[] {"EC", "RSA", "EdDSA"}) {
                    final String[] aliases = keys.getServerAliases(type, null);
                    if (aliases == null) {
                        continue;
                    }
                    for (final String alias : aliases) {
                        final X509Certificate[] chain = keys.getCertificateChain(alias);
                        final PrivateKey key = keys.getPrivateKey(alias);
                        if (chain != null && chain.length > 0 && key != null && !signs(key, chain[0].getPublicKey())) {
                            return Optional.of("the private key does not belong to the certificate "
                                    + chain[0].getSubjectX500Principal().getName());
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static boolean signs(final PrivateKey key, final PublicKey certified) {
        final String algorithm =
                switch (key.getAlgorithm()) {
                    case "EC" -> "SHA256withECDSA";
                    case "RSA" -> "SHA256withRSA";
                    case "Ed25519", "EdDSA" -> "Ed25519";
                    default -> "";
                };
        if (algorithm.isEmpty() || !key.getAlgorithm().equals(certified.getAlgorithm())) {
            return algorithm.isEmpty(); // a kind this check does not know: Vert.x decides
        }
        try {
            final Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(PROBE);
            final byte[] signature = signer.sign();
            final Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certified);
            verifier.update(PROBE);
            return verifier.verify(signature);
        } catch (final GeneralSecurityException e) {
            return false;
        }
    }
}
