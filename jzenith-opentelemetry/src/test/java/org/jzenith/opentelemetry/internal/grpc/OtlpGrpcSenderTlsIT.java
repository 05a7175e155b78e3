package org.jzenith.opentelemetry.internal.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.PfxOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.test.Await;

/**
 * gRPC over TLS with ALPN h2: a Vert.x TLS server with a certificate made by the JDK's keytool,
 * trusted by the exporter through its own setting, and not trusted by the JVM's default trust.
 */
class OtlpGrpcSenderTlsIT {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String PASSWORD = "otlp-it-secret";

    private static Vertx vertx;
    private static HttpServer server;
    private static byte[] certificatePem;
    private static final Queue<String> calls = new ConcurrentLinkedQueue<>();

    @BeforeAll
    static void startTlsServer(@TempDir final Path directory) throws IOException, InterruptedException {
        final Path keyStore = directory.resolve("server.p12");
        final Path certificate = directory.resolve("server.pem");
        keytool(
                "-genkeypair",
                "-alias",
                "otlp",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=dns:localhost,ip:127.0.0.1",
                "-validity",
                "2",
                "-keystore",
                keyStore.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD);
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "otlp",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                PASSWORD,
                "-file",
                certificate.toString());
        certificatePem = Files.readAllBytes(certificate);

        vertx = Vertx.vertx();
        server = vertx.createHttpServer(new HttpServerOptions()
                        .setHost("127.0.0.1")
                        .setPort(0)
                        .setSsl(true)
                        .setUseAlpn(true)
                        .setKeyCertOptions(
                                new PfxOptions().setPath(keyStore.toString()).setPassword(PASSWORD)))
                .requestHandler(request -> request.body().onSuccess(body -> {
                    calls.add(request.version() + " " + request.path() + " " + request.getHeader("content-type"));
                    request.response()
                            .putHeader("content-type", "application/grpc")
                            .putTrailer("grpc-status", "0")
                            .end(Buffer.buffer(new byte[5]));
                }));
        Await.result(server.listen());
    }

    @AfterAll
    static void stopTlsServer() {
        if (vertx != null) {
            Await.result(vertx.close());
        }
    }

    @Test
    void anExporterTrustingTheCertificateExportsOverHttp2WithAlpn() {
        calls.clear();
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint("https://localhost:" + server.actualPort())
                .setTrustedCertificates(certificatePem)
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isTrue();
        assertThat(calls)
                .containsExactly(HttpVersion.HTTP_2 + " /opentelemetry.proto.collector.trace.v1.TraceService/Export"
                        + " application/grpc");
    }

    @Test
    void anExporterTrustingOnlyWhatTheJvmTrustsFailsTheHandshakeAndTheExport() {
        calls.clear();
        final SpanExporter exporter = OtlpGrpcSpanExporter.builder()
                .setEndpoint("https://localhost:" + server.actualPort())
                .setTimeout(Duration.ofSeconds(5))
                .build();

        assertThat(Traces.export(exporter, WAIT).isSuccess()).isFalse();
        assertThat(calls).isEmpty();
    }

    private static void keytool(final String... arguments) throws IOException, InterruptedException {
        final Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        final List<String> command = new ArrayList<>(List.of(keytool.toString()));
        command.addAll(List.of(arguments));
        final Process process =
                new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException("keytool " + String.join(" ", arguments) + " failed: " + output);
        }
    }
}
