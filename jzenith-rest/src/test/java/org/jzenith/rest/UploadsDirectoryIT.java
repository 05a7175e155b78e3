package org.jzenith.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.rest.it.SlugResource;
import org.jzenith.rest.it.multipart.UploadResource;

/**
 * Multipart file parts go to a folder of the application's own, which only the user it runs as may
 * enter, made at start and removed at stop: not to a folder every process on the machine shares.
 */
class UploadsDirectoryIT {

    private static final String BOUNDARY = "jzenith-boundary";

    @Test
    void twoApplicationsEachHaveAPrivateFolderRemovedAtStop() throws Exception {
        final RestPlugin firstPlugin = RestPlugin.withResources(UploadResource.class);
        final RestPlugin secondPlugin = RestPlugin.withResources(UploadResource.class);
        final JZenith first =
                JZenith.application("--rest.port=0").withPlugins(firstPlugin).start();
        final JZenith second;
        try {
            second = JZenith.application("--rest.port=0")
                    .withPlugins(secondPlugin)
                    .start();
        } catch (final RuntimeException e) {
            first.stop();
            throw e;
        }
        final Path one = firstPlugin.uploadsDirectory().orElseThrow();
        final Path two = secondPlugin.uploadsDirectory().orElseThrow();
        try {
            assertThat(one).isNotEqualTo(two);
            for (final Path folder : new Path[] {one, two}) {
                assertThat(folder).isDirectory();
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)))
                        .isEqualTo("rwx------");
            }
            assertThat(upload(first.instance(RestServer.class).port()).body()).isEqualTo("file=a report;");
        } finally {
            first.stop();
            assertThat(one).doesNotExist();
            assertThat(two).isDirectory();
            second.stop();
        }
        assertThat(two).doesNotExist();
    }

    @Test
    void aConfiguredFolderIsUsedAndKept(@TempDir final Path configured) {
        final RestPlugin plugin = RestPlugin.withResources(UploadResource.class);
        final JZenith app = JZenith.application("--rest.port=0", "--rest.uploads-directory=" + configured)
                .withPlugins(plugin)
                .start();
        assertThat(plugin.uploadsDirectory()).contains(configured);
        app.stop();
        assertThat(configured).isDirectory();
    }

    @Test
    void anApplicationWithoutMultipartMethodsMakesNoFolder() {
        final RestPlugin plugin = RestPlugin.withResources(SlugResource.class);
        final JZenith app =
                JZenith.application("--rest.port=0").withPlugins(plugin).start();
        try {
            assertThat(plugin.uploadsDirectory()).isEmpty();
        } finally {
            app.stop();
        }
    }

    private static HttpResponse<String> upload(final int port) throws IOException, InterruptedException {
        final String body = "--" + BOUNDARY + "\r\n"
                + "Content-Disposition: form-data; name=\"file\"; filename=\"report.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\n"
                + "a report\r\n"
                + "--" + BOUNDARY + "--\r\n";
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/uploads/all"))
                                .timeout(Duration.ofSeconds(10))
                                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
