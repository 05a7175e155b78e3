package org.jzenith.test.services;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A certificate authority of the test's own and PEM files signed by it, for servers and clients that
 * speak TLS in tests: a server certificate for {@code 127.0.0.1} and {@code localhost}, one that names
 * only {@value #OTHER_HOST} (a server whose certificate does not match the address it is reached by),
 * and a client certificate.
 *
 * <pre>{@code
 * @RegisterExtension @Order(0)
 * static final TestCertificates CERTIFICATES = TestCertificates.create();
 *
 * @RegisterExtension @Order(1)
 * static final PrivateRedis REDIS = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.server());
 * }</pre>
 *
 * <p>Made by the JDK's own {@code keytool} (the JDK has no public API to make X.509 certificates;
 * {@code keytool} comes with every JDK, {@code openssl} not with every machine): EC P-256 keys, valid
 * for two days, with no extended key usage, so that every certificate serves a server and a client
 * alike (Redis presents its server certificate as a client to its primary and to other nodes). The
 * files are made at once, in a new folder under the module's {@code target/}, deleted by {@link
 * #close()}. As a JUnit extension on a static field, the folder is deleted after the class's tests.
 *
 * <p>Immutable once created; thread-safe.
 */
public final class TestCertificates implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    /** The only name in {@link #otherHost()}'s certificate. */
    public static final String OTHER_HOST = "other.example";

    private static final String PASSWORD = "test-only";
    private static final String VALIDITY_DAYS = "2";
    private static final Duration KEYTOOL_TIMEOUT = Duration.ofSeconds(60);

    private final Path folder;
    private final Path authority;
    private final Pem server;
    private final Pem otherHost;
    private final Pem client;

    private TestCertificates(
            final Path folder, final Path authority, final Pem server, final Pem otherHost, final Pem client) {
        this.folder = folder;
        this.authority = authority;
        this.server = server;
        this.otherHost = otherHost;
        this.client = client;
    }

    /**
     * A certificate and its private key, PEM files.
     *
     * @param certificate the certificate, then the authority's: the chain a server presents
     * @param privateKey the key, unencrypted PKCS#8 ({@code -----BEGIN PRIVATE KEY-----})
     */
    public record Pem(Path certificate, Path privateKey) {}

    /** Makes the authority and the certificates now; fails with what {@code keytool} printed. */
    public static TestCertificates create() {
        final Path folder = Scratch.newFolder("jzenith-certificates-");
        final Keytool keytool = new Keytool(folder);
        keytool.run(
                "-genkeypair", "-keystore", "ca.p12", "-alias", "ca", "-dname", "CN=jZenith test CA", "-ext", "bc:c");
        keytool.run("-exportcert", "-rfc", "-keystore", "ca.p12", "-alias", "ca", "-file", "ca.pem");
        return new TestCertificates(
                folder,
                folder.resolve("ca.pem"),
                keytool.signed("server", "CN=localhost", "SAN=IP:127.0.0.1,DNS:localhost"),
                keytool.signed("other-host", "CN=" + OTHER_HOST, "SAN=DNS:" + OTHER_HOST),
                keytool.signed("client", "CN=jZenith test client", "SAN=DNS:client.invalid"));
    }

    /** The authority's certificate, a PEM file: what a client or server trusts. */
    public Path authority() {
        return authority;
    }

    /** For a server at {@code 127.0.0.1} or {@code localhost}. */
    public Pem server() {
        return server;
    }

    /** For {@value #OTHER_HOST} only: a server at 127.0.0.1 presenting it fails hostname verification. */
    public Pem otherHost() {
        return otherHost;
    }

    /** For a client, as servers that ask clients for a certificate (Redis's {@code tls-auth-clients}) expect. */
    public Pem client() {
        return client;
    }

    /** Deletes the files. Safe to call more than once. */
    @Override
    public void close() {
        Scratch.delete(folder);
    }

    @Override
    public void beforeAll(final ExtensionContext context) {
        // made in create(), so that extensions registered after it can use the files in their fields
    }

    @Override
    public void afterAll(final ExtensionContext context) {
        close();
    }

    @Override
    public String toString() {
        return "TestCertificates[" + folder + "]";
    }

    /** The JDK's {@code keytool}, run in the certificates' folder. */
    private record Keytool(Path folder) {

        /** A new key signed by the authority, as {@code name}.pem (chain) and {@code name}.key. */
        Pem signed(final String name, final String subject, final String alternativeNames) {
            final String store = name + ".p12";
            run("-genkeypair", "-keystore", store, "-alias", name, "-dname", subject);
            run("-certreq", "-keystore", store, "-alias", name, "-file", name + ".csr");
            run(
                    "-gencert",
                    "-keystore",
                    "ca.p12",
                    "-alias",
                    "ca",
                    "-rfc",
                    "-infile",
                    name + ".csr",
                    "-outfile",
                    name + ".crt",
                    "-ext",
                    alternativeNames);
            final Path chain = folder.resolve(name + ".pem");
            final Path key = folder.resolve(name + ".key");
            try {
                Files.writeString(
                        chain,
                        Files.readString(folder.resolve(name + ".crt"), StandardCharsets.US_ASCII)
                                + Files.readString(folder.resolve("ca.pem"), StandardCharsets.US_ASCII),
                        StandardCharsets.US_ASCII);
                Files.writeString(key, privateKeyPem(folder.resolve(store), name), StandardCharsets.US_ASCII);
            } catch (final IOException e) {
                throw new UncheckedIOException("cannot write the test certificate " + chain, e);
            }
            return new Pem(chain, key);
        }

        void run(final String... arguments) {
            final List<String> command = new ArrayList<>();
            command.add(
                    Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
            command.addAll(List.of(arguments));
            command.addAll(List.of("-storepass", PASSWORD, "-noprompt"));
            if (arguments[0].equals("-genkeypair")) {
                command.addAll(List.of("-keyalg", "EC", "-groupname", "secp256r1", "-validity", VALIDITY_DAYS));
            }
            if (arguments[0].equals("-gencert")) {
                command.addAll(List.of("-validity", VALIDITY_DAYS));
            }
            final Commands.Result result = Commands.run(command, folder, KEYTOOL_TIMEOUT);
            if (!result.succeeded()) {
                throw new IllegalStateException("cannot make test certificates: " + result.describe());
            }
        }

        // keytool exports certificates only: the key leaves its PKCS#12 store here, as PKCS#8 PEM,
        // the form OpenSSL (Redis) and Vert.x both read.
        private static String privateKeyPem(final Path store, final String alias) {
            try (InputStream in = Files.newInputStream(store)) {
                final KeyStore keys = KeyStore.getInstance("PKCS12");
                keys.load(in, PASSWORD.toCharArray());
                final Key key = keys.getKey(alias, PASSWORD.toCharArray());
                return "-----BEGIN PRIVATE KEY-----\n"
                        + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(key.getEncoded())
                        + "\n-----END PRIVATE KEY-----\n";
            } catch (final IOException | GeneralSecurityException e) {
                throw new IllegalStateException("cannot read the test key " + alias + " from " + store, e);
            }
        }
    }
}
