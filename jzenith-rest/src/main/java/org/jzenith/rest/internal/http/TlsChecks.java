package org.jzenith.rest.internal.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Collections;
import java.util.Optional;
import org.jzenith.core.Validation;
import org.jzenith.rest.RestConfiguration;

/**
 * What is wrong with {@code rest.tls.*}, checked before anything starts: one problem per key,
 * each saying how to fix it. Files are read here once (start-up only, never on a request).
 */
public final class TlsChecks {

    private static final String PEM_PAIR = "rest.tls.certificate and rest.tls.private-key";

    private TlsChecks() {}

    /** Reports every problem of {@code tls} to {@code validation}. */
    public static void check(final RestConfiguration.Tls tls, final Validation validation) {
        final boolean pem = tls.certificate().isPresent() || tls.privateKey().isPresent();
        if (tls.certificate().isPresent() && tls.privateKey().isEmpty()) {
            validation.reject(
                    "rest.tls.certificate",
                    "a private key beside it: set rest.tls.private-key to the PEM file of the certificate's key");
        }
        if (tls.privateKey().isPresent() && tls.certificate().isEmpty()) {
            validation.reject(
                    "rest.tls.private-key",
                    "a certificate beside it: set rest.tls.certificate to the PEM file of the certificate chain");
        }
        if (pem && tls.keyStore().isPresent()) {
            validation.reject(
                    "rest.tls.key-store",
                    "either a PKCS#12 key store or a PEM pair (" + PEM_PAIR + "), not both: remove one of them");
        }
        if (tls.keyStorePassword().isPresent() && tls.keyStore().isEmpty()) {
            validation.reject(
                    "rest.tls.key-store-password", "a key store beside it: set rest.tls.key-store, or remove it");
        }
        if (tls.plainPort().isPresent()
                && tls.certificate().isEmpty()
                && tls.keyStore().isEmpty()) {
            validation.reject(
                    "rest.tls.plain-port",
                    "TLS on rest.port as well (" + PEM_PAIR + ", or rest.tls.key-store): without it rest.port"
                            + " is plain already");
        }
        tls.certificate()
                .flatMap(file -> certificateProblem(Path.of(file)))
                .ifPresent(problem -> validation.reject("rest.tls.certificate", problem));
        tls.privateKey()
                .flatMap(file -> privateKeyProblem(Path.of(file)))
                .ifPresent(problem -> validation.reject("rest.tls.private-key", problem));
        tls.keyStore()
                .flatMap(file ->
                        keyStoreProblem(Path.of(file), tls.keyStorePassword().orElse("")))
                .ifPresent(problem -> validation.reject("rest.tls.key-store", problem));
    }

    private static Optional<String> certificateProblem(final Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            if (CertificateFactory.getInstance("X.509").generateCertificates(in).isEmpty()) {
                return Optional.of("a PEM file with a certificate chain; " + file + " holds no certificate");
            }
            return Optional.empty();
        } catch (final IOException e) {
            return Optional.of(unreadable("a PEM certificate chain", file, e));
        } catch (final GeneralSecurityException e) {
            return Optional.of("a PEM certificate chain; " + file + " is not one (" + e.getMessage() + ")");
        }
    }

    private static Optional<String> privateKeyProblem(final Path file) {
        try {
            final String text = Files.readString(file, StandardCharsets.ISO_8859_1);
            // The key itself is parsed by Vert.x when the server starts; here only its PEM armour.
            return text.contains("-----BEGIN") && text.contains("PRIVATE KEY-----")
                    ? Optional.empty()
                    : Optional.of("a PEM private key (-----BEGIN PRIVATE KEY-----); " + file + " is not one");
        } catch (final IOException e) {
            return Optional.of(unreadable("a PEM private key", file, e));
        }
    }

    private static Optional<String> keyStoreProblem(final Path file, final String password) {
        try (InputStream in = Files.newInputStream(file)) {
            final KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            for (final String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    return Optional.empty();
                }
            }
            return Optional.of("a PKCS#12 key store with a private key; " + file + " holds none");
        } catch (final IOException e) {
            return Optional.of(
                    Files.isReadable(file)
                            ? "a PKCS#12 key store that rest.tls.key-store-password opens; " + file
                                    + " cannot be read with it (" + e.getMessage() + ")"
                            : unreadable("a PKCS#12 key store", file, e));
        } catch (final GeneralSecurityException e) {
            return Optional.of("a PKCS#12 key store; " + file + " is not one (" + e.getMessage() + ")");
        }
    }

    private static String unreadable(final String what, final Path file, final IOException e) {
        return what + " in a readable file; " + file + " cannot be read ("
                + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
    }
}
