package org.jzenith.jwt.internal;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * A PEM public key ({@code -----BEGIN PUBLIC KEY-----}, X.509 SubjectPublicKeyInfo), read with the
 * JDK so that a key that cannot verify anything is refused at start-up, and the JWS algorithms it
 * verifies: RS256/RS384/RS512 for RSA, ES256, ES384 or ES512 for an EC key by its curve.
 *
 * @param pem the PEM text, as the JWT library reads it
 * @param algorithms the algorithms tokens signed with this key may name
 */
public record PemPublicKey(String pem, List<String> algorithms) {

    private static final String BEGIN = "-----BEGIN PUBLIC KEY-----";
    private static final String END = "-----END PUBLIC KEY-----";

    public PemPublicKey {
        algorithms = List.copyOf(algorithms);
    }

    /** The key of {@code pem}; empty with the reason in {@code problem} when it holds none. */
    public static Optional<PemPublicKey> read(final String pem, final StringBuilder problem) {
        final int begin = pem.indexOf(BEGIN);
        final int end = pem.indexOf(END);
        if (begin < 0 || end < begin) {
            problem.append("no ").append(BEGIN).append(" ... ").append(END).append(" block");
            return Optional.empty();
        }
        final byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(pem.substring(begin + BEGIN.length(), end));
        } catch (final IllegalArgumentException e) {
            problem.append("the PEM block is not base64");
            return Optional.empty();
        }
        final String text = pem.substring(begin, end + END.length());
        return key(der, "RSA")
                .map(rsa -> new PemPublicKey(text, List.of("RS256", "RS384", "RS512")))
                .or(() -> key(der, "EC")
                        .flatMap(ec -> ecAlgorithm((ECPublicKey) ec))
                        .map(algorithm -> new PemPublicKey(text, List.of(algorithm))))
                .or(() -> {
                    problem.append("not an RSA or EC (P-256, P-384, P-521) public key");
                    return Optional.empty();
                });
    }

    private static Optional<PublicKey> key(final byte[] der, final String type) {
        try {
            return Optional.of(KeyFactory.getInstance(type).generatePublic(new X509EncodedKeySpec(der)));
        } catch (final GeneralSecurityException e) {
            return Optional.empty(); // of another type; start-up only
        }
    }

    private static Optional<String> ecAlgorithm(final ECPublicKey key) {
        return switch (key.getParams().getCurve().getField().getFieldSize()) {
            case 256 -> Optional.of("ES256");
            case 384 -> Optional.of("ES384");
            case 521 -> Optional.of("ES512");
            default -> Optional.empty();
        };
    }
}
