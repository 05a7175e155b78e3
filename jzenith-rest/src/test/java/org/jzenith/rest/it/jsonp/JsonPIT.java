package org.jzenith.rest.it.jsonp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/**
 * JSON-P bodies (Jakarta REST 3.1, §11.2.6: "JsonValue and all of its sub-types" supported in a
 * product that supports JSON-P; Jersey and RESTEasy read and write them out of the box).
 */
class JsonPIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(DocumentResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    private static HttpResponse<String> post(final String path, final String body) {
        return http.send("POST", path, body, "Content-Type", "application/json");
    }

    @Test
    void aJsonObjectIsReadAndWritten() {
        final HttpResponse<String> response = post("/documents", "{\"title\":\"Ulysses\",\"pages\":730}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.body()).isEqualTo("{\"title\":\"Ulysses\",\"pages\":730,\"stored\":true}");
    }

    @Test
    void arraysAndStructuresAreReadToo() {
        assertThat(post("/documents/count", "[{\"id\":1},{\"id\":2},3]").body()).isEqualTo("{\"count\":3}");
        assertThat(post("/documents/kind", "[1]").body()).isEqualTo("ARRAY");
        assertThat(post("/documents/kind", "{}").body()).isEqualTo("OBJECT");
    }

    @Test
    void aJsonArrayIsWritten() {
        assertThat(http.get("/documents").body())
                .isEqualTo("[{\"id\":1,\"title\":\"Ulysses\"},{\"id\":2,\"title\":\"Dubliners\"}]");
    }

    @Test
    void badJsonAndTheWrongKindAre400sThatNameNoJavaType() {
        final HttpResponse<String> broken = post("/documents", "{\"title\":");
        final HttpResponse<String> wrongKind = post("/documents", "[1,2]");

        assertThat(broken.statusCode()).isEqualTo(400);
        assertThat(broken.body())
                .contains("The body is not valid JSON at line 1")
                .doesNotContain("jakarta");
        assertThat(post("/documents", "").statusCode()).isEqualTo(400);
        assertThat(wrongKind.statusCode()).isEqualTo(400);
        assertThat(wrongKind.body())
                .contains("The body is a JSON array, but this resource takes a JSON object")
                .doesNotContain("jakarta")
                .doesNotContain("Exception");
    }
}
