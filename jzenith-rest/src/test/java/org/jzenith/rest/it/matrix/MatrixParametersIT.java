package org.jzenith.rest.it.matrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** {@code @MatrixParam}, {@code PathSegment} path parameters and {@code @Encoded}. */
class MatrixParametersIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(CarResource.class, EncodedResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void matrixParametersAreReadFromTheLastSegmentAndFromAPathSegment() {
        assertThat(http.get("/cars/mercedes;color=red;year=2020").body()).isEqualTo("mercedes, red, year 2020");
        assertThat(http.get("/cars/volvo").body()).isEqualTo("volvo, any colour, year null");
        assertThat(http.get("/cars/fiat;color=dark%20blue").body()).isEqualTo("fiat, dark blue, year null");
    }

    @Test
    void aVariableThatSpansSegmentsIsAListOfSegments() {
        assertThat(http.get("/cars/files/a/b;v=1/c").body()).isEqualTo("a|b|c");
    }

    @Test
    void encodedParametersKeepTheirPercentEscapes() {
        assertThat(http.get("/encoded/a%20b?q=c%2Fd&d=e%20f").body()).isEqualTo("a%20b c%2Fd e f");
        assertThat(http.get("/encoded/method/x%2By;m=1%202").body()).isEqualTo("x%2By;m=1%202 1%202");
    }

    @Test
    void oddMatrixParametersAreReadAndAMalformedEscapeIsA400() throws Exception {
        assertThat(http.get("/cars/x;;=;color;year=").body()).startsWith("x, ");
        // Sent raw: Java's HTTP client refuses a malformed escape before it leaves the machine.
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.getOutputStream()
                    .write("GET /cars/x;color=%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            final String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(answer).startsWith("HTTP/1.1 400").contains("application/problem+json");
        }
    }
}
