package org.jzenith.rabbitmq;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.SocketConfigurators;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.core.spi.configuration.PemFiles;

/**
 * TLS to the RabbitMQ server, resolved and checked from {@code rabbitmq.tls.*}: whom to trust, which
 * client certificate to present, and whether the server's certificate must name its host. The plugin
 * speaks TLS with {@code rabbitmq.host} where {@code rabbitmq.tls.enabled=true}, and with an {@code
 * amqps://} {@code rabbitmq.uri} always (whose own default, trusting every certificate, is never used).
 *
 * @param trustCertificates the PEM file of the authorities to trust; empty: the JVM's trust store
 * @param clientCertificate the client's certificate chain and key, PEM files
 * @param hostnameVerification whether the server's certificate must name the host connected to
 */
record RabbitMqTls(
        Optional<Path> trustCertificates, Optional<ClientCertificate> clientCertificate, boolean hostnameVerification) {

    static final String ENABLED = "rabbitmq.tls.enabled";
    static final String TRUST_CERTIFICATES = "rabbitmq.tls.trust-certificates";
    static final String CERTIFICATE = "rabbitmq.tls.certificate";
    static final String PRIVATE_KEY = "rabbitmq.tls.private-key";
    static final String HOSTNAME_VERIFICATION = "rabbitmq.tls.hostname-verification";

    /** What a failed TLS connection's message adds: where to look. */
    static final String HINT = "; with TLS, the server's certificate must be signed by an authority in "
            + TRUST_CERTIFICATES + " (unset: the JVM's trust store) and name the host connected to (unless "
            + HOSTNAME_VERIFICATION + "=false), and the port must be the server's TLS port (5671 by default)";

    private static final String PEM_KEY = "-----BEGIN PRIVATE KEY-----";
    private static final String PEM_KEY_END = "-----END PRIVATE KEY-----";

    /** The key algorithms a PKCS#8 key is tried as; the file does not say which in a form the JDK reads. */
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "EdDSA");

    /**
     * A client certificate.
     *
     * @param certificate its chain, a PEM file
     * @param privateKey its key, a PKCS#8 PEM file
     */
    record ClientCertificate(Path certificate, Path privateKey) {}

    /** Whether {@code configuration} speaks TLS: an {@code amqps://} URI, or {@code rabbitmq.tls.enabled} with a host. */
    static boolean speaksTls(final RabbitMqConfiguration configuration) {
        return uri(configuration)
                .map(RabbitMqTls::isAmqps)
                .orElseGet(() -> configuration.tls().enabled());
    }

    /**
     * What is wrong with {@code rabbitmq.tls.*}; empty when it can be used. Files are read here, once, at
     * start-up.
     */
    static List<SettingProblem> problems(final RabbitMqConfiguration configuration) {
        final RabbitMqConfiguration.Tls tls = configuration.tls();
        final List<SettingProblem> problems = new ArrayList<>();
        final Optional<String> uri = uri(configuration);
        final boolean host =
                configuration.host().filter(value -> !value.isBlank()).isPresent();
        if (tls.enabled() && uri.filter(value -> !isAmqps(value)).isPresent()) {
            problems.add(new SettingProblem(
                    ENABLED,
                    "false where rabbitmq.uri is amqp:// (plain AMQP): name the server amqps://host:5671 for TLS, or"
                            + " remove " + ENABLED));
        } else if (tls.enabled() && uri.isEmpty() && !host) {
            problems.add(new SettingProblem(
                    ENABLED,
                    "a server to speak TLS to: set rabbitmq.host (and rabbitmq.port to its TLS port) or an amqps://"
                            + " rabbitmq.uri; the dev service speaks plain AMQP only"));
        } else if (!speaksTls(configuration)) {
            for (final String key : setKeys(tls)) {
                problems.add(new SettingProblem(
                        key,
                        "TLS to the server: " + key + " applies to TLS only; set " + ENABLED
                                + "=true (with rabbitmq.host) or an amqps:// rabbitmq.uri, or remove " + key));
            }
        }
        problems.addAll(PemFiles.pairProblems(CERTIFICATE, tls.certificate(), PRIVATE_KEY, tls.privateKey()));
        tls.trustCertificates()
                .flatMap(file -> PemFiles.certificatesProblem(file, "the certificate authorities to trust"))
                .ifPresent(problem -> problems.add(new SettingProblem(TRUST_CERTIFICATES, problem)));
        tls.certificate()
                .flatMap(file -> PemFiles.certificatesProblem(file, "the client's certificate chain"))
                .ifPresent(problem -> problems.add(new SettingProblem(CERTIFICATE, problem)));
        tls.privateKey()
                .flatMap(RabbitMqTls::privateKeyProblem)
                .ifPresent(problem -> problems.add(new SettingProblem(PRIVATE_KEY, problem)));
        return List.copyOf(problems);
    }

    /** TLS for {@code configuration}, when it speaks TLS. Call after {@link #problems} found none. */
    static Optional<RabbitMqTls> of(final RabbitMqConfiguration configuration) {
        if (!speaksTls(configuration)) {
            return Optional.empty();
        }
        final RabbitMqConfiguration.Tls tls = configuration.tls();
        final Optional<ClientCertificate> client = tls.certificate().flatMap(certificate -> tls.privateKey()
                .map(key -> new ClientCertificate(Path.of(certificate), Path.of(key))));
        return Optional.of(new RabbitMqTls(tls.trustCertificates().map(Path::of), client, tls.hostnameVerification()));
    }

    /** Makes {@code factory} speak TLS as this says: never trusting every certificate. */
    void applyTo(final ConnectionFactory factory) {
        try {
            final SSLContext context = context();
            // Replaces an amqps:// URI's own, which trusts every certificate; the client turns its host name
            // check on with it, whatever the setting says, and the default socket configurator turns it off.
            factory.setSslContextFactory(name -> context);
            factory.setSocketFactory(context.getSocketFactory());
            if (!hostnameVerification) {
                factory.setSocketConfigurator(SocketConfigurators.defaultConfigurator());
            }
        } catch (final IOException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot set up TLS from " + TRUST_CERTIFICATES + ", " + CERTIFICATE + " and " + PRIVATE_KEY + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /** How TLS is set up, for the log: {@code TLS, hostname verified, trusting ...}. */
    String describe() {
        return "TLS, hostname "
                + (hostnameVerification ? "verified" : "NOT verified (" + HOSTNAME_VERIFICATION + "=false)")
                + ", trusting " + trustCertificates.map(Path::toString).orElse("the JVM's trust store")
                + clientCertificate
                        .map(client -> ", client certificate " + client.certificate())
                        .orElse("");
    }

    private SSLContext context() throws IOException, GeneralSecurityException {
        final SSLContext context = SSLContext.getInstance("TLS");
        final TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (trustCertificates.isPresent()) {
            final KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            int i = 0;
            for (final Certificate certificate : certificates(trustCertificates.get())) {
                trusted.setCertificateEntry("ca-" + i++, certificate);
            }
            trust.init(trusted);
        } else {
            trust.init((KeyStore) null); // the JVM's trust store
        }
        final Optional<KeyManagerFactory> keys = clientCertificate.isEmpty() ? Optional.empty() : Optional.of(keys());
        context.init(
                keys.map(KeyManagerFactory::getKeyManagers).orElse(null), trust.getTrustManagers(), new SecureRandom());
        return context;
    }

    private KeyManagerFactory keys() throws IOException, GeneralSecurityException {
        final ClientCertificate client = clientCertificate.orElseThrow();
        // An in-memory store only: its password protects nothing on disk.
        final char[] password = new char[0];
        final KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(
                "client",
                privateKey(client.privateKey()),
                password,
                certificates(client.certificate()).toArray(Certificate[]::new));
        final KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        return keys;
    }

    private static Collection<? extends Certificate> certificates(final Path file)
            throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            return CertificateFactory.getInstance("X.509").generateCertificates(in);
        }
    }

    /** The key of a PKCS#8 PEM file, tried as each of {@link #KEY_ALGORITHMS}. */
    static PrivateKey privateKey(final Path file) throws IOException, GeneralSecurityException {
        final String text = Files.readString(file, StandardCharsets.ISO_8859_1);
        final int start = text.indexOf(PEM_KEY);
        final int end = text.indexOf(PEM_KEY_END);
        if (start < 0 || end < start) {
            throw new GeneralSecurityException("not a PKCS#8 PEM private key (" + PEM_KEY + ")");
        }
        final byte[] der = Base64.getMimeDecoder().decode(text.substring(start + PEM_KEY.length(), end));
        GeneralSecurityException last = new GeneralSecurityException("no key algorithm read it");
        for (final String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (final GeneralSecurityException e) {
                last = e;
            }
        }
        throw last;
    }

    private static boolean isAmqps(final String uri) {
        return uri.toLowerCase(Locale.ROOT).startsWith("amqps://");
    }

    private static Optional<String> uri(final RabbitMqConfiguration configuration) {
        return configuration.uri().filter(value -> !value.isBlank());
    }

    /** The keys of {@code tls} that are set (or changed from their default). */
    private static List<String> setKeys(final RabbitMqConfiguration.Tls tls) {
        final List<String> keys = new ArrayList<>();
        tls.trustCertificates().ifPresent(value -> keys.add(TRUST_CERTIFICATES));
        tls.certificate().ifPresent(value -> keys.add(CERTIFICATE));
        tls.privateKey().ifPresent(value -> keys.add(PRIVATE_KEY));
        if (!tls.hostnameVerification()) {
            keys.add(HOSTNAME_VERIFICATION);
        }
        return keys;
    }

    private static Optional<String> privateKeyProblem(final String name) {
        final Optional<Path> path = PemFiles.path(name);
        if (path.isEmpty()) {
            return Optional.of("a PEM private key file; the value is not a path");
        }
        final Path file = path.get();
        try {
            privateKey(file);
            return Optional.empty();
        } catch (final IOException e) {
            return Optional.of(PemFiles.unreadable("a PEM private key", file, e));
        } catch (final GeneralSecurityException | IllegalArgumentException e) {
            return Optional.of("an unencrypted PKCS#8 PEM private key (" + PEM_KEY + "); " + file + " is not one ("
                    + e.getMessage() + "): convert it with openssl pkcs8 -topk8 -nocrypt");
        }
    }
}
