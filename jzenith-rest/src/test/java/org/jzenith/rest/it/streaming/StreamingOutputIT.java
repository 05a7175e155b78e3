package org.jzenith.rest.it.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** {@code StreamingOutput} results, alone and as a Response's entity, and streams as request bodies. */
class StreamingOutputIT {

    private static Served served;
    private static Http http;
    private static int port;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(ExportResource.class));
        http = served.http();
        port = served.port();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aLargeOutputIsStreamedInChunksWithTheProducedType() {
        final HttpResponse<String> response = http.get("/export/csv");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        assertThat(response.headers().firstValue("Content-Length")).isEmpty(); // chunked: the length was not known
        final String[] lines = response.body().split("\n");
        assertThat(lines).hasSize(ExportResource.ROWS);
        assertThat(lines[0]).isEqualTo("row,0");
        assertThat(lines[ExportResource.ROWS - 1]).isEqualTo("row," + (ExportResource.ROWS - 1));
    }

    @Test
    void aResponseKeepsItsHeadersAndASmallBodyGoesWithItsLength() {
        final HttpResponse<String> response = http.get("/export/download");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("id,name\n1,Ada\n");
        assertThat(response.headers().firstValue("Content-Disposition"))
                .contains("attachment; filename=\"people.csv\"");
        assertThat(response.headers().firstValue("Content-Length")).contains("14");
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
    }

    @Test
    void aFailureBeforeAnythingIsWrittenIsAnswered() {
        final HttpResponse<String> response = http.get("/export/fails-first");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).contains("request id").doesNotContain("broke");
    }

    @Test
    void aFailureHalfWayCutsTheResponseOffSoTheClientSeesItIsIncomplete() {
        final HttpClient client = HttpClient.newHttpClient();
        final HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/export/fails-later"))
                .timeout(Duration.ofSeconds(10))
                .build();

        assertThatThrownBy(() -> client.send(request, HttpResponse.BodyHandlers.ofByteArray()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void aNonBlockingMethodsOutputIsWrittenOffTheEventLoop() {
        assertThat(http.get("/export/non-blocking").body()).isEqualTo("written off the event loop");
    }

    @Test
    void requestBodiesCanBeReadAsAnInputStreamOrAReader() {
        final HttpResponse<String> bytes =
                http.send("POST", "/export/count-bytes", "0123456789", "Content-Type", "application/octet-stream");
        assertThat(bytes.body()).isEqualTo("10");

        final HttpResponse<String> lines =
                http.send("POST", "/export/count-lines", "one\ntwo\nthree", "Content-Type", "text/plain");
        assertThat(lines.body()).isEqualTo("3");
    }
}
