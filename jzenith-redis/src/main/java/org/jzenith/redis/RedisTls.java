package org.jzenith.redis;

import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.core.spi.configuration.PemFiles;

/**
 * TLS to {@code rediss://} servers, resolved and checked from {@code redis.tls.*}: whom to trust,
 * which client certificate to present, and whether the server's certificate must name its host.
 *
 * @param trustCertificates the PEM file of the authorities to trust; empty: the JVM's trust store
 * @param clientCertificate the client's certificate chain and key, PEM files
 * @param hostnameVerification whether the server's certificate must name the host connected to
 */
record RedisTls(
        Optional<Path> trustCertificates, Optional<ClientCertificate> clientCertificate, boolean hostnameVerification) {

    static final String TRUST_CERTIFICATES = "redis.tls.trust-certificates";
    static final String CERTIFICATE = "redis.tls.certificate";
    static final String PRIVATE_KEY = "redis.tls.private-key";
    static final String HOSTNAME_VERIFICATION = "redis.tls.hostname-verification";

    /** What HTTPS checks: the certificate's subject alternative names against the host connected to. */
    private static final String HTTPS = "HTTPS";

    /**
     * A client certificate.
     *
     * @param certificate its chain, a PEM file
     * @param privateKey its key, a PEM file
     */
    record ClientCertificate(Path certificate, Path privateKey) {}

    /**
     * What is wrong with {@code tls} for the servers {@code endpoints}; empty when it can be used.
     * Files are read here, once, at start-up.
     */
    static List<SettingProblem> problems(final RedisConfiguration.Tls tls, final List<String> endpoints) {
        final List<SettingProblem> problems = new ArrayList<>();
        final long secure = endpoints.stream().filter(RedisTls::isTls).count();
        if (secure > 0 && secure < endpoints.size()) {
            problems.add(new SettingProblem(
                    RedisTarget.CONNECTION_STRING,
                    "rediss:// (TLS) for every server or for none, not for " + secure + " of " + endpoints.size()
                            + ": one client reaches them all alike"));
        }
        if (secure == 0) {
            for (final String key : setKeys(tls)) {
                problems.add(new SettingProblem(
                        key,
                        "a rediss:// (TLS) server in redis.connection-string: " + key
                                + " applies to TLS connections only; name the servers rediss://host:port, or remove "
                                + key));
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
                .flatMap(RedisTls::privateKeyProblem)
                .ifPresent(problem -> problems.add(new SettingProblem(PRIVATE_KEY, problem)));
        return List.copyOf(problems);
    }

    /**
     * TLS for {@code endpoints}: present when they are {@code rediss://} servers. Call after {@link
     * #problems} found none.
     */
    static Optional<RedisTls> of(final RedisConfiguration.Tls tls, final List<String> endpoints) {
        if (endpoints.isEmpty() || !endpoints.stream().allMatch(RedisTls::isTls)) {
            return Optional.empty();
        }
        final Optional<ClientCertificate> client = tls.certificate().flatMap(certificate -> tls.privateKey()
                .map(key -> new ClientCertificate(Path.of(certificate), Path.of(key))));
        return Optional.of(new RedisTls(tls.trustCertificates().map(Path::of), client, tls.hostnameVerification()));
    }

    /** Whether {@code endpoint} is a {@code rediss://} URL. */
    static boolean isTls(final String endpoint) {
        return endpoint.toLowerCase(Locale.ROOT).startsWith("rediss://");
    }

    /**
     * Makes {@code options} open every connection with TLS, so that none goes out plain: the Vert.x
     * client then refuses a {@code redis://} address (which a sentinel or a cluster node might name)
     * rather than speak plain to it. Vert.x 5 wants the hostname check named: without an algorithm it
     * refuses to connect at all.
     */
    NetClientOptions applyTo(final NetClientOptions options) {
        options.setSsl(true).setHostnameVerificationAlgorithm(hostnameVerification ? HTTPS : "");
        trustCertificates.ifPresent(
                file -> options.setTrustOptions(new PemTrustOptions().addCertPath(file.toString())));
        clientCertificate.ifPresent(client -> options.setKeyCertOptions(new PemKeyCertOptions()
                .setCertPath(client.certificate().toString())
                .setKeyPath(client.privateKey().toString())));
        return options;
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

    /** The keys of {@code tls} that are set (or changed from their default). */
    private static List<String> setKeys(final RedisConfiguration.Tls tls) {
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
            final String text = Files.readString(file, StandardCharsets.ISO_8859_1);
            // The key itself is parsed by Vert.x when the client is made; here only its PEM armour.
            return text.contains("-----BEGIN") && text.contains("PRIVATE KEY-----")
                    ? Optional.empty()
                    : Optional.of("a PEM private key (-----BEGIN PRIVATE KEY-----); " + file + " is not one");
        } catch (final IOException e) {
            return Optional.of(PemFiles.unreadable("a PEM private key", file, e));
        }
    }
}
