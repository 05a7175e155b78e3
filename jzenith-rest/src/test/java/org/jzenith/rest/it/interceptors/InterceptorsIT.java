package org.jzenith.rest.it.interceptors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Reader and writer interceptors: gzip both ways, the writer bound by name. */
class InterceptorsIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(NoteResource.class)
                .withProviders(GzipWriterInterceptor.class, GzipReaderInterceptor.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aNameBoundWriterInterceptorCompressesOnlyItsMethodsBodies() throws Exception {
        final HttpResponse<byte[]> compressed = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + "/notes"))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());

        assertThat(compressed.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(compressed.body().length).isLessThan(200);
        assertThat(gunzip(compressed.body())).isEqualTo("{\"text\":\"" + "x".repeat(2000) + "\"}");

        final HttpResponse<String> plain = http.get("/notes/plain");
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.body()).isEqualTo("{\"text\":\"short\"}");
    }

    @Test
    void aReaderInterceptorDecompressesARequestBody() throws Exception {
        final HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + "/notes"))
                                .header("Content-Type", "application/json")
                                .header("Content-Encoding", "gzip")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(gzip("{\"text\":\"hello\"}")))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(response.body()).isEqualTo("{\"length\":5}");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(http.send("POST", "/notes", "{\"text\":\"plain\"}", "Content-Type", "application/json")
                        .body())
                .isEqualTo("{\"length\":5}");
    }

    @Test
    void aBodyThatIsNotWhatItsEncodingSaysIsA400() {
        final HttpResponse<String> response =
                http.send("POST", "/notes", "not gzip", "Content-Type", "application/json", "Content-Encoding", "gzip");

        assertThat(response.statusCode()).isEqualTo(400);
    }

    private static byte[] gzip(final String text) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static String gunzip(final byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
