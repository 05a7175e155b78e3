package org.jzenith.rest.it.http;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Self-signed certificates for localhost, made by the machine's {@code openssl} (the JDK has no
 * public API to make X.509 certificates), and clients that trust them.
 */
final class Certificates {

    private static final AtomicLong SERIALS = new AtomicLong(System.nanoTime() & 0xffffffffL);
    private static final String PASSWORD = "changeit-too";

    private Certificates() {}

    /**
     * A new key and certificate (a serial of its own) as PEM files in {@code directory}, under
     * {@code name}.crt and {@code name}.key; returns the serial.
     */
    static BigInteger pem(final Path directory, final String name) {
        final long serial = SERIALS.incrementAndGet();
        openssl(
                directory,
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-keyout",
                name + ".key",
                "-out",
                name + ".crt",
                "-days",
                "2",
                "-subj",
                "/CN=localhost",
                "-addext",
                "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-set_serial",
                Long.toString(serial));
        return BigInteger.valueOf(serial);
    }

    /** {@code name}.crt and .key of {@link #pem} as a PKCS#12 store {@code name}.p12 with {@link #password()}. */
    static Path pkcs12(final Path directory, final String name) {
        openssl(
                directory,
                "pkcs12",
                "-export",
                "-in",
                name + ".crt",
                "-inkey",
                name + ".key",
                "-out",
                name + ".p12",
                "-passout",
                "pass:" + PASSWORD);
        return directory.resolve(name + ".p12");
    }

    static String password() {
        return PASSWORD;
    }

    /** Replaces {@code target} with {@code source} in one step, as a secret mount is updated. */
    static void replace(final Path source, final Path target) {
        try {
            final Path temporary = Files.createTempFile(target.getParent(), "next", ".tmp");
            Files.copy(source, temporary, StandardCopyOption.REPLACE_EXISTING);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An SSL context that trusts exactly the certificate in {@code certificate}. */
    static SSLContext trusting(final Path certificate) {
        try (InputStream in = Files.newInputStream(certificate)) {
            final X509Certificate cert =
                    (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            final KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry("server", cert);
            final TrustManagerFactory factory =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), new SecureRandom());
            return context;
        } catch (final IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The serial of the certificate a new TLS connection to {@code port} is served; any certificate is accepted. */
    static BigInteger servedSerial(final int port) {
        try {
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new AnyCertificate()}, new SecureRandom());
            try (Socket plain = new Socket("127.0.0.1", port);
                    SSLSocket socket =
                            (SSLSocket) context.getSocketFactory().createSocket(plain, "localhost", port, true)) {
                socket.setSoTimeout(5000);
                socket.startHandshake();
                return ((X509Certificate) socket.getSession().getPeerCertificates()[0]).getSerialNumber();
            }
        } catch (final IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@link #servedSerial}, or empty when the handshake fails. */
    static Optional<BigInteger> servedSerialIfAny(final int port) {
        try {
            return Optional.of(servedSerial(port));
        } catch (final IllegalStateException e) {
            return Optional.empty();
        }
    }

    private static void openssl(final Path directory, final String... arguments) {
        final String[] command = new String[arguments.length + 1];
        command[0] = "openssl";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        try {
            final Process process = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("openssl failed: " + output);
            }
        } catch (final IOException e) {
            throw new IllegalStateException("openssl is needed to make test certificates", e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Trusts every server: only to read which certificate a server presents. */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(final X509Certificate[] chain, final String authType) {}

        @Override
        public void checkServerTrusted(final X509Certificate[] chain, final String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
