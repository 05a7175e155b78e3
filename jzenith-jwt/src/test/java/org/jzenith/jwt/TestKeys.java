package org.jzenith.jwt;

import io.vertx.core.json.JsonObject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A real key pair made in the test, and tokens signed with it by the JDK: what an identity
 * provider would issue.
 *
 * @param pair the key pair
 * @param algorithm the JWS algorithm, RS256 or ES256
 * @param kid the key id put in the token header and the JWK, or null for none
 */
public record TestKeys(KeyPair pair, String algorithm, String kid) {

    public static final String ISSUER = "https://id.example.com/realms/test";
    public static final String AUDIENCE = "orders";

    public static TestKeys rsa(final String kid) {
        try {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return new TestKeys(generator.generateKeyPair(), "RS256", kid);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static TestKeys ec() {
        try {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return new TestKeys(generator.generateKeyPair(), "ES256", null);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The public key as PEM. */
    public String publicPem() {
        return "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(pair.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }

    /** The public key as a JWK (RSA only). */
    public JsonObject jwk() {
        final RSAPublicKey key = (RSAPublicKey) pair.getPublic();
        return new JsonObject()
                .put("kty", "RSA")
                .put("kid", kid)
                .put("use", "sig")
                .put("alg", algorithm)
                .put("n", unsigned(key.getModulus()))
                .put("e", unsigned(key.getPublicExponent()));
    }

    /** Claims a valid token has: issuer, audience, subject, issued now, expiring in 5 minutes, the roles. */
    public static JsonObject claims(final String subject, final List<String> roles) {
        final long now = Instant.now().getEpochSecond();
        return new JsonObject()
                .put("iss", ISSUER)
                .put("aud", AUDIENCE)
                .put("sub", subject)
                .put("iat", now)
                .put("exp", now + 300)
                .put("groups", roles);
    }

    /** {@code claims} signed with this key, as a compact JWS. */
    public String sign(final JsonObject claims) {
        final JsonObject header = new JsonObject().put("alg", algorithm).put("typ", "JWT");
        if (kid != null) {
            header.put("kid", kid);
        }
        final String input = base64(header.encode().getBytes(StandardCharsets.UTF_8)) + "."
                + base64(claims.encode().getBytes(StandardCharsets.UTF_8));
        try {
            final Signature signature =
                    Signature.getInstance(algorithm.equals("RS256") ? "SHA256withRSA" : "SHA256withECDSAinP1363Format");
            signature.initSign(pair.getPrivate());
            signature.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + base64(signature.sign());
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64(final byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String unsigned(final BigInteger value) {
        final byte[] bytes = value.toByteArray();
        return base64(bytes[0] == 0 ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes);
    }
}
