package org.jzenith.rest.it.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Eventually;
import org.jzenith.rest.it.Served;

/** HTTPS from PEM and PKCS#12 files, HTTP/2 over ALPN, the plain port beside it, and certificate reload. */
class TlsIT {

    @TempDir
    Path directory;

    private Served served(final String... arguments) {
        return Served.start(RestPlugin.withResources(FeatureResource.class), arguments);
    }

    private String[] pem(final String... more) {
        Certificates.pem(directory, "server");
        final String[] arguments = new String[more.length + 2];
        arguments[0] = "--rest.tls.certificate=" + directory.resolve("server.crt");
        arguments[1] = "--rest.tls.private-key=" + directory.resolve("server.key");
        System.arraycopy(more, 0, arguments, 2, more.length);
        return arguments;
    }

    @Test
    void pemFilesServeHttpsAndHttp2OverAlpnWithStrictTransportSecurity() {
        try (Served app = served(pem())) {
            final HttpResponse<byte[]> response =
                    Https.to(app.port(), directory.resolve("server.crt")).get("/features/small");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
            assertThat(response.headers().firstValue("Strict-Transport-Security"))
                    .contains("max-age=31536000");
            assertThat(response.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        }
    }

    @Test
    void compressionDecidesTheSameOverHttp2() throws Exception {
        try (Served app = served(pem("--rest.compression.enabled=true"))) {
            final Https https = Https.to(app.port(), directory.resolve("server.crt"));

            final HttpResponse<byte[]> big = https.get("/features/big", "Accept-Encoding", "gzip");
            final HttpResponse<byte[]> binary = https.get("/features/binary", "Accept-Encoding", "gzip");
            final HttpResponse<byte[]> small = https.get("/features/small", "Accept-Encoding", "gzip");

            assertThat(big.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(big.headers().firstValue("content-encoding")).contains("gzip");
            assertThat(new String(
                            new GZIPInputStream(new ByteArrayInputStream(big.body())).readAllBytes(),
                            StandardCharsets.UTF_8))
                    .startsWith("{\"key-0\"");
            assertThat(binary.headers().firstValue("content-encoding")).isEmpty();
            assertThat(binary.body()).hasSize(4096);
            assertThat(small.headers().firstValue("content-encoding")).isEmpty();
        }
    }

    @Test
    void withHttp2OffTlsSpeaksHttp11() {
        try (Served app = served(pem("--rest.http2.enabled=false"))) {
            final HttpResponse<byte[]> response =
                    Https.to(app.port(), directory.resolve("server.crt")).get("/features/small");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        }
    }

    @Test
    void aPkcs12KeyStoreServesHttps() {
        final BigInteger serial = Certificates.pem(directory, "server");
        final Path store = Certificates.pkcs12(directory, "server");
        try (Served app =
                served("--rest.tls.key-store=" + store, "--rest.tls.key-store-password=" + Certificates.password())) {
            final HttpResponse<byte[]> response =
                    Https.to(app.port(), directory.resolve("server.crt")).get("/features/small");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(Certificates.servedSerial(app.port())).isEqualTo(serial);
        }
    }

    @Test
    void thePlainPortRedirectsToHttpsWith308() {
        final int plain = FreePorts.next();
        try (Served app = served(pem("--rest.tls.plain-port=" + plain))) {
            final HttpResponse<byte[]> response =
                    Https.plain(plain, HttpClient.Version.HTTP_1_1).send("POST", "/features/small?x=1");

            assertThat(response.statusCode()).isEqualTo(308);
            assertThat(response.headers().firstValue("Location"))
                    .contains("https://127.0.0.1:" + app.port() + "/features/small?x=1");
        }
    }

    @Test
    void thePlainPortServesWhenToldTo() {
        final int plain = FreePorts.next();
        try (Served app = served(pem("--rest.tls.plain-port=" + plain, "--rest.tls.plain=serve"))) {
            final HttpResponse<byte[]> response =
                    Https.plain(plain, HttpClient.Version.HTTP_1_1).get("/features/small");

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
            assertThat(Https.to(app.port(), directory.resolve("server.crt"))
                            .get("/features/small")
                            .statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void aNewCertificateIsServedWithoutRestartAndABadOneKeepsTheOld() throws Exception {
        final PrintStream err = System.err;
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Served app = served(pem("--rest.tls.reload-period=100ms"))) {
            final BigInteger first = Certificates.servedSerial(app.port());
            final BigInteger second = Certificates.pem(directory, "next");
            Certificates.replace(directory.resolve("next.key"), directory.resolve("server.key"));
            Certificates.replace(directory.resolve("next.crt"), directory.resolve("server.crt"));

            // Every server verticle is updated on its own event loop: until the last one is, a new
            // connection may still land on the old certificate. Wait until a run of new connections,
            // more than there are verticles, all get the new one.
            Eventually.until(Duration.ofSeconds(10), "the new certificate is served on every connection", () -> {
                for (int i = 0; i < 8; i++) {
                    if (!Certificates.servedSerial(app.port()).equals(second)) {
                        return false;
                    }
                }
                return true;
            });
            assertThat(second).isNotEqualTo(first);
            final HttpResponse<byte[]> afterReload =
                    Https.to(app.port(), directory.resolve("next.crt")).get("/features/small");
            assertThat(afterReload.version()).as("ALPN survives the update").isEqualTo(HttpClient.Version.HTTP_2);

            System.setErr(new PrintStream(new TeeStream(err, log), true, StandardCharsets.UTF_8));
            Files.writeString(directory.resolve("server.crt"), "-----BEGIN CERTIFICATE-----\nbroken\n");
            Eventually.until(
                    Duration.ofSeconds(10),
                    "a WARN names the broken file",
                    () -> log.toString(StandardCharsets.UTF_8).contains("WARN")
                            && log.toString(StandardCharsets.UTF_8)
                                    .contains(directory.resolve("server.crt").toString()));
            assertThat(Certificates.servedSerial(app.port())).isEqualTo(second);
        } finally {
            System.setErr(err);
        }
    }

    @Test
    void h2cIsOffOnThePlainPortUnlessConfigured() {
        try (Served off = served()) {
            assertThat(Https.plain(off.port(), HttpClient.Version.HTTP_2)
                            .get("/features/small")
                            .version())
                    .isEqualTo(HttpClient.Version.HTTP_1_1);
        }
        try (Served on = served("--rest.http2.cleartext=true")) {
            final HttpResponse<byte[]> upgraded =
                    Https.plain(on.port(), HttpClient.Version.HTTP_2).get("/features/small");
            assertThat(upgraded.statusCode()).isEqualTo(200);
            assertThat(upgraded.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(PriorKnowledge.version(on.port(), "/features/small")).isEqualTo("HTTP_2 200");
        }
    }

    /** Copies what is written to two streams. */
    private static final class TeeStream extends OutputStream {
        private final OutputStream first;
        private final ByteArrayOutputStream second;

        TeeStream(final OutputStream first, final ByteArrayOutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(final int b) throws IOException {
            first.write(b);
            synchronized (second) {
                second.write(b);
            }
        }

        @Override
        public void write(final byte[] bytes, final int offset, final int length) throws IOException {
            first.write(bytes, offset, length);
            synchronized (second) {
                second.write(bytes, offset, length);
            }
        }
    }
}
