package org.jzenith.rest.it.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/** gzip and deflate for compressible bodies of at least rest.compression.min-size, as the client accepts them. */
class CompressionIT {

    private static Served served;
    private static Https http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(FeatureResource.class), "--rest.compression.enabled=true");
        http = Https.plain(served.port(), HttpClient.Version.HTTP_1_1);
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    private static String unzip(final InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String plainBig() {
        return new String(
                Https.plain(served.port(), HttpClient.Version.HTTP_1_1)
                        .get("/features/big")
                        .body(),
                StandardCharsets.UTF_8);
    }

    @Test
    void gzipWhenAccepted() throws IOException {
        final HttpResponse<byte[]> response = http.get("/features/big", "Accept-Encoding", "gzip");

        assertThat(response.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(response.headers().firstValue("Vary")).contains("Accept-Encoding");
        assertThat(response.body().length).isLessThan(plainBig().length() / 3);
        assertThat(unzip(new GZIPInputStream(new ByteArrayInputStream(response.body()))))
                .isEqualTo(plainBig());
    }

    @Test
    void deflateWhenOnlyThatIsAccepted() {
        final HttpResponse<byte[]> response = http.get("/features/text", "Accept-Encoding", "deflate");

        assertThat(response.headers().firstValue("Content-Encoding")).contains("deflate");
        assertThat(unzip(new InflaterInputStream(new ByteArrayInputStream(response.body()))))
                .isEqualTo("plain text that compresses well. ".repeat(100));
    }

    @Test
    void nothingWithoutAcceptEncodingOrWithQZero() {
        final HttpResponse<byte[]> none = http.get("/features/big");
        final HttpResponse<byte[]> refused = http.get("/features/big", "Accept-Encoding", "gzip;q=0, deflate;q=0");

        assertThat(none.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(new String(none.body(), StandardCharsets.UTF_8)).startsWith("{\"key-0\"");
        assertThat(refused.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).isEqualTo(plainBig());
    }

    @Test
    void smallAndBinaryBodiesAreSentAsTheyAre() {
        final HttpResponse<byte[]> small = http.get("/features/small", "Accept-Encoding", "gzip, deflate");
        final HttpResponse<byte[]> binary = http.get("/features/binary", "Accept-Encoding", "gzip, deflate");

        assertThat(small.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(new String(small.body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
        assertThat(binary.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(binary.headers().firstValue("Vary")).isEmpty();
        assertThat(binary.body()).hasSize(4096);
    }

    @Test
    void problemResponsesAreCompressibleToo() {
        final HttpResponse<byte[]> missing = http.get("/nothing/here", "Accept-Encoding", "gzip");

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        // Below min-size: the decision is by size, whatever the type.
        assertThat(missing.headers().firstValue("Content-Encoding")).isEmpty();
    }
}
