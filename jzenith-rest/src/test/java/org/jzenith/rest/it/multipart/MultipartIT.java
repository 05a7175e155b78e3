package org.jzenith.rest.it.multipart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Eventually;
import org.jzenith.rest.it.Served;

/** Multipart uploads: file parts streamed to disk, bounded by the body limit, deleted when answered. */
class MultipartIT {

    private static final String BOUNDARY = "jzenith-boundary";

    @TempDir
    static Path uploads;

    private static Served served;

    @BeforeAll
    static void start() {
        served = Served.start(
                RestPlugin.withResources(UploadResource.class),
                "--rest.max-body-size=100000",
                "--rest.uploads-directory=" + uploads);
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aFilePartAndATextFieldAreReadAndTheFileIsDeletedOnceAnswered() throws Exception {
        final HttpResponse<String> response = post("/uploads", multipart(50_000));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("a report: report.csv (text/csv, 50000 bytes, 1 file on disk)");
        Eventually.until(Duration.ofSeconds(5), "the uploaded file is deleted", () -> filesIn(uploads) == 0);
    }

    @Test
    void everyPartCanBeTakenAsAList() throws Exception {
        final HttpResponse<String> response = post("/uploads/all", multipart(3));

        assertThat(response.body()).isEqualTo("description=a report;file=xxx;");
    }

    @Test
    void anUploadLargerThanTheBodyLimitIsA413() throws Exception {
        assertThat(post("/uploads", multipart(200_000)).statusCode()).isEqualTo(413);
    }

    @Test
    void aMalformedMultipartBodyIsAnsweredWithoutAStackTrace() throws Exception {
        final HttpResponse<String> garbage =
                post("/uploads", "--jzenith-boundary\r\nno headers, no end".getBytes(StandardCharsets.UTF_8));
        assertThat(garbage.statusCode()).isEqualTo(400); // no part named file: the method marks it @NotNull
        assertThat(garbage.body()).contains("\"field\":\"file\"").doesNotContain("Exception");

        final HttpResponse<String> noBoundary = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + "/uploads"))
                                .header("Content-Type", "multipart/form-data")
                                .POST(HttpRequest.BodyPublishers.ofString("x"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(noBoundary.statusCode()).isBetween(400, 499);
    }

    private static HttpResponse<String> post(final String path, final byte[] body) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + path))
                                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    private static byte[] multipart(final int fileSize) throws IOException {
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + BOUNDARY + "\r\n"
                        + "Content-Disposition: form-data; name=\"description\"\r\n\r\n"
                        + "a report\r\n"
                        + "--" + BOUNDARY + "\r\n"
                        + "Content-Disposition: form-data; name=\"file\"; filename=\"report.csv\"\r\n"
                        + "Content-Type: text/csv\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.write("x".repeat(fileSize).getBytes(StandardCharsets.UTF_8));
        body.write(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return body.toByteArray();
    }

    private static long filesIn(final Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.count();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
