package org.jzenith.core.security;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Salted, deliberately slow password hashes: PBKDF2 with HMAC-SHA-256 from the JDK (no further
 * library), a random 16-byte salt per password and, by default, the 600,000 iterations OWASP
 * recommends. A hash is one string that carries its own cost, so stored hashes stay valid when the
 * default changes:
 *
 * <pre>{@code
 * PasswordHashing hashing = PasswordHashing.pbkdf2();
 * String stored = hashing.hash("correct horse".toCharArray());
 * // $pbkdf2-sha256$i=600000$<salt, base64 without padding>$<32-byte hash, base64 without padding>
 * hashing.matches("correct horse".toCharArray(), stored);   // true
 * }</pre>
 *
 * <p>Each {@link #matches} and {@link #burn} costs as much as hashing one password: call them off
 * the event loop. Immutable, so thread-safe.
 */
public final class PasswordHashing {

    /** OWASP's recommendation for PBKDF2-HMAC-SHA256 (2023). */
    public static final int DEFAULT_ITERATIONS = 600_000;

    /** Fewer is no protection; tests may use the minimum to stay quick. */
    public static final int MIN_ITERATIONS = 1_000;

    /** A stored hash that asks for more is refused, so that one bad row cannot stall every sign-in. */
    private static final int MAX_ITERATIONS = 10_000_000;

    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final String PREFIX = "$pbkdf2-sha256$i=";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BITS = 256;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getDecoder();

    private final int iterations;
    /** A hash of no one's password at this cost: what {@link #burn} verifies against. */
    private final Parsed dummy;

    private PasswordHashing(final int iterations) {
        this.iterations = iterations;
        final byte[] salt = salt();
        this.dummy = new Parsed(iterations, salt, derive("no one's password".toCharArray(), salt, iterations));
    }

    /** PBKDF2-HMAC-SHA256 at {@link #DEFAULT_ITERATIONS}. */
    public static PasswordHashing pbkdf2() {
        return new PasswordHashing(DEFAULT_ITERATIONS);
    }

    /**
     * PBKDF2-HMAC-SHA256 at {@code iterations} (at least {@link #MIN_ITERATIONS}): new hashes are
     * made at this cost, and {@link #burn} costs as much.
     */
    public static PasswordHashing pbkdf2(final int iterations) {
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("PBKDF2 iterations must be between " + MIN_ITERATIONS + " and "
                    + MAX_ITERATIONS + ", not " + iterations);
        }
        return new PasswordHashing(iterations);
    }

    /** The iterations of the hashes this makes. */
    public int iterations() {
        return iterations;
    }

    /** A new hash of {@code password}, with a fresh salt, to store. */
    public String hash(final char[] password) {
        final byte[] salt = salt();
        return PREFIX
                + iterations
                + '$'
                + ENCODER.encodeToString(salt)
                + '$'
                + ENCODER.encodeToString(derive(password, salt, iterations));
    }

    /**
     * Whether {@code password} is the one {@code stored} was made from, compared in constant time.
     * A {@code stored} value that is not a hash of this form matches nothing, after the same work as
     * a real comparison.
     */
    public boolean matches(final char[] password, final String stored) {
        final Optional<Parsed> parsed = parse(stored);
        if (parsed.isEmpty()) {
            burn(password);
            return false;
        }
        return parsed.get().matches(password);
    }

    /**
     * Does the work of {@link #matches} against a hash of no one's password, and so matches nothing:
     * for a name the store does not know, so that answering it takes as long as a wrong password.
     */
    public void burn(final char[] password) {
        dummy.matches(password);
    }

    /** Whether {@code stored} is a hash of the form {@link #hash} makes. */
    public static boolean isWellFormed(final String stored) {
        return parse(stored).isPresent();
    }

    private static Optional<Parsed> parse(final String stored) {
        if (stored == null || !stored.startsWith(PREFIX)) {
            return Optional.empty();
        }
        final String[] parts = stored.substring(PREFIX.length()).split("\\$", -1);
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            final int iterations = Integer.parseInt(parts[0]);
            final byte[] salt = DECODER.decode(parts[1]);
            final byte[] hash = DECODER.decode(parts[2]);
            if (iterations < 1 || iterations > MAX_ITERATIONS || salt.length == 0 || hash.length != HASH_BITS / 8) {
                return Optional.empty();
            }
            return Optional.of(new Parsed(iterations, salt, hash));
        } catch (final IllegalArgumentException notANumberOrBase64) {
            return Optional.empty();
        }
    }

    private static byte[] salt() {
        final byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return salt;
    }

    private static byte[] derive(final char[] password, final byte[] salt, final int iterations) {
        final PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (final GeneralSecurityException missing) {
            // Every JDK since 8 has it; without it no password can be checked at all.
            throw new IllegalStateException("the JDK offers no " + ALGORITHM, missing);
        } finally {
            spec.clearPassword();
        }
    }

    private record Parsed(int iterations, byte[] salt, byte[] hash) {

        boolean matches(final char[] password) {
            final byte[] derived = derive(password, salt, iterations);
            try {
                return MessageDigest.isEqual(derived, hash);
            } finally {
                Arrays.fill(derived, (byte) 0);
            }
        }
    }
}
