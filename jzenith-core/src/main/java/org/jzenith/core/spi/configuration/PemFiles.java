package org.jzenith.core.spi.configuration;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.configuration.SettingProblem;

/**
 * The checks every client plugin makes of its TLS settings at start-up, before anything connects: that a
 * client certificate comes with its key, and that PEM files of certificates can be read and hold one. Each
 * answers with what was expected, as a {@link SettingProblem} says it, so that one report names every bad
 * key.
 *
 * <pre>{@code
 * problems.addAll(PemFiles.pairProblems("redis.tls.certificate", tls.certificate(),
 *         "redis.tls.private-key", tls.privateKey()));
 * PemFiles.certificatesProblem(file, "the certificate authorities to trust")
 *         .ifPresent(problem -> problems.add(new SettingProblem("redis.tls.trust-certificates", problem)));
 * }</pre>
 */
public final class PemFiles {

    private PemFiles() {}

    /**
     * A client certificate without its key, or a key without its certificate: each is of no use alone.
     *
     * @param certificateKey the setting of the certificate chain's PEM file
     * @param privateKeyKey the setting of its key's PEM file
     */
    public static List<SettingProblem> pairProblems(
            final String certificateKey,
            final Optional<String> certificate,
            final String privateKeyKey,
            final Optional<String> privateKey) {
        final List<SettingProblem> problems = new ArrayList<>();
        if (certificate.isPresent() && privateKey.isEmpty()) {
            problems.add(new SettingProblem(
                    certificateKey,
                    "a private key beside it: set " + privateKeyKey + " to the PEM file of the certificate's key"));
        }
        if (privateKey.isPresent() && certificate.isEmpty()) {
            problems.add(new SettingProblem(
                    privateKeyKey,
                    "a certificate beside it: set " + certificateKey + " to the PEM file of the certificate chain"));
        }
        return List.copyOf(problems);
    }

    /**
     * What is wrong with {@code value} as a PEM file of certificates ({@code what}: "the certificate
     * authorities to trust"); empty when it can be read and holds at least one.
     */
    public static Optional<String> certificatesProblem(final String value, final String what) {
        final Optional<Path> file = path(value);
        if (file.isEmpty()) {
            return Optional.of("a PEM file of " + what + "; \"" + value + "\" is not a path");
        }
        try (InputStream in = Files.newInputStream(file.get())) {
            return CertificateFactory.getInstance("X.509")
                            .generateCertificates(in)
                            .isEmpty()
                    ? Optional.of("a PEM file of " + what + "; " + file.get() + " holds no certificate")
                    : Optional.empty();
        } catch (final IOException e) {
            return Optional.of(unreadable("a PEM file of " + what, file.get(), e));
        } catch (final GeneralSecurityException e) {
            return Optional.of("a PEM file of " + what + "; " + file.get() + " is not one (" + e.getMessage() + ")");
        }
    }

    /** {@code value} as a path; empty when it cannot be one. */
    public static Optional<Path> path(final String value) {
        try {
            return Optional.of(Path.of(value));
        } catch (final InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** What was expected in {@code file}, which could not be read, and why: for a {@link SettingProblem}. */
    public static String unreadable(final String what, final Path file, final IOException e) {
        return what + " in a readable file; " + file + " cannot be read ("
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
    }
}
