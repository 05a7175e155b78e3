package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** The ways docs/rest.md gives for what is not supported work. */
class NotSupportedInsteadIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(InsteadResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void cacheControlIsSetOnTheResponse() {
        final HttpResponse<String> response = http.get("/instead/cached");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Cache-Control"))
                .hasValueSatisfying(
                        value -> assertThat(value).contains("private").contains("max-age=60"));
    }

    @Test
    void jacksonTreesTakeThePlaceOfJsonP() {
        final HttpResponse<String> response =
                http.send("POST", "/instead/tree", "{\"a\":[1,2]}", "Content-Type", "application/json");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"a\":[1,2],\"seen\":true}");
    }
}
