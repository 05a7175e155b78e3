package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The test kit's Redis servers over TLS, checked with the JDK's own TLS client: they answer on TLS
 * only, with a certificate the test authority signed for the address they are reached by (or, for
 * {@link TestCertificates#otherHost()}, one that fails hostname verification); a TLS cluster forms
 * and a TLS Sentinel set-up names its primary. Needs redis-server and redis-cli installed.
 */
class PrivateRedisTlsIT {

    @RegisterExtension
    @Order(0)
    static final TestCertificates CERTIFICATES = TestCertificates.create();

    @Test
    void aTlsServerAnswersOverTlsOnlyWithACertificateForItsAddress() throws Exception {
        try (PrivateRedis redis = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.server())) {
            redis.start();

            assertThat(redis.connectionString()).isEqualTo("rediss://127.0.0.1:" + redis.port());
            assertThat(tlsCommand(redis.port(), "PING")).isEqualTo("+PONG");
            assertThat(plainCommand(redis.port(), "PING")).isNotEqualTo("+PONG");
        }
    }

    @Test
    void aServerWithTheOtherHostsCertificateFailsHostnameVerification() throws Exception {
        try (PrivateRedis redis = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.otherHost())) {
            redis.start();

            assertThatThrownBy(() -> tlsCommand(redis.port(), "PING"))
                    .isInstanceOf(SSLHandshakeException.class)
                    .hasMessageContaining("127.0.0.1");
        }
    }

    @Test
    void aTlsClusterFormsAndListsItsNodesAsRediss() {
        try (PrivateRedisCluster cluster = PrivateRedisCluster.withTls(CERTIFICATES)) {
            cluster.start(); // returns once every node says cluster_state:ok, asked over TLS

            assertThat(cluster.connectionString().split(",")).hasSize(3).allMatch(node -> node.startsWith("rediss://"));
        }
    }

    @Test
    void aTlsSentinelSetUpNamesItsPrimary() {
        try (PrivateRedisSentinel sentinel = PrivateRedisSentinel.withTls(CERTIFICATES)) {
            sentinel.start(); // returns once the replica is in sync and every sentinel knows the others

            assertThat(sentinel.primaryPort())
                    .isEqualTo(sentinel.servers().getFirst().port());
            assertThat(sentinel.connectionString()).startsWith("rediss://");
        }
    }

    /** One inline command over TLS, trusting the test authority and verifying the host name. */
    private static String tlsCommand(final int port, final String command) throws IOException {
        final SSLContext context = trustingAuthority();
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            try (SSLSocket socket =
                    (SSLSocket) context.getSocketFactory().createSocket(plain, "127.0.0.1", port, true)) {
                final SSLParameters parameters = socket.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                socket.setSSLParameters(parameters);
                socket.setSoTimeout(5_000);
                socket.startHandshake();
                return exchange(socket, command);
            }
        }
    }

    /** One inline command without TLS: a TLS server closes the connection or answers no RESP. */
    private static String plainCommand(final int port, final String command) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            socket.setSoTimeout(5_000);
            return exchange(socket, command);
        } catch (final IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    private static String exchange(final Socket socket, final String command) throws IOException {
        socket.getOutputStream().write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
        final String line =
                new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8)).readLine();
        return line == null ? "(closed)" : line;
    }

    private static SSLContext trustingAuthority() {
        final Path authority = CERTIFICATES.authority();
        try (InputStream in = Files.newInputStream(authority)) {
            final KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry(
                    "ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            final TrustManagerFactory factory =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return context;
        } catch (final IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust " + authority, e);
        }
    }
}
