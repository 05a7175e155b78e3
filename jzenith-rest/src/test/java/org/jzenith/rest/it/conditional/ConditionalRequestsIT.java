package org.jzenith.rest.it.conditional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** {@code @Context Request}: conditional GET with ETag and Last-Modified, and optimistic PUT. */
class ConditionalRequestsIT {

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

    @Test
    void aConditionalGetIsNotModifiedWhileTheTagMatchesAndAPutWithAnOldTagFails() {
        final HttpResponse<String> first = http.get("/document");
        assertThat(first.statusCode()).isEqualTo(200);
        final String tag = first.headers().firstValue("ETag").orElseThrow();
        assertThat(first.headers().firstValue("Last-Modified")).contains("Fri, 20 Nov 2026 10:00:00 GMT");

        final HttpResponse<String> again = http.get("/document", "If-None-Match", tag);
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("ETag")).contains(tag);

        assertThat(http.get("/document", "If-Modified-Since", "Fri, 20 Nov 2026 10:00:00 GMT")
                        .statusCode())
                .isEqualTo(304);

        assertThat(http.send("PUT", "/document", "{}", "Content-Type", "application/json", "If-Match", tag)
                        .statusCode())
                .isEqualTo(200);
        final HttpResponse<String> stale =
                http.send("PUT", "/document", "{}", "Content-Type", "application/json", "If-Match", tag);
        assertThat(stale.statusCode()).isEqualTo(412);
        assertThat(http.get("/document", "If-None-Match", tag).statusCode()).isEqualTo(200);
    }

    @Test
    void aRequestParameterWithoutContextFailsStartUpInsteadOfBeingReadAsTheBody() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(UnannotatedRequestResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("UnannotatedRequestResource.post has a parameter of type Request without an"
                        + " annotation, which would make it the request body; annotate it @Context");
    }
}
