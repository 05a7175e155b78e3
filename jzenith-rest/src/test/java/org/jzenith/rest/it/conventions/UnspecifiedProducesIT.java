package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** A method without @Produces answers in what Accept asks and something can write: JSON by default. */
class UnspecifiedProducesIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served =
                Served.start(RestPlugin.withResources(UnspecifiedResource.class).withProviders(NamesWriter.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aStringIsTextWhenTextIsAskedFor() {
        final HttpResponse<String> text = http.get("/unspecified/greeting", "Accept", "text/plain");
        assertThat(text.statusCode()).isEqualTo(200);
        assertThat(text.headers().firstValue("Content-Type")).contains("text/plain;charset=utf-8");
        assertThat(text.body()).isEqualTo("hello");

        final HttpResponse<String> number = http.get("/unspecified/answer", "Accept", "text/*");
        assertThat(number.headers().firstValue("Content-Type")).contains("text/plain;charset=utf-8");
        assertThat(number.body()).isEqualTo("42");
    }

    @Test
    void withoutAcceptOrForAnyTypeTheAnswerIsJsonAsBefore() {
        final HttpResponse<String> none = http.get("/unspecified/planet");
        assertThat(none.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(none.body()).isEqualTo("{\"name\":\"Mars\",\"moons\":2}");

        final HttpResponse<String> any = http.get("/unspecified/greeting", "Accept", "*/*");
        assertThat(any.headers().firstValue("Content-Type")).contains("application/json");
    }

    @Test
    void theClientsWeightsChooseAmongWhatCanBeWritten() {
        final HttpResponse<String> response =
                http.get("/unspecified/greeting", "Accept", "application/json;q=0.5, text/plain");

        assertThat(response.headers().firstValue("Content-Type")).contains("text/plain;charset=utf-8");
    }

    @Test
    void theApplicationsWriterWritesItsTypeInItsMediaType() {
        final HttpResponse<String> response = http.get("/unspecified/names", "Accept", "text/plain");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/plain;charset=utf-8");
        assertThat(response.body()).isEqualTo("Ada\nGrace");
        assertThat(http.get("/unspecified/names").body()).isEqualTo("[\"Ada\",\"Grace\"]");
    }

    @Test
    void aResponsesOwnTypeFromSelectVariantIsKept() {
        final HttpResponse<String> text = http.get("/unspecified/variant", "Accept", "text/plain");
        assertThat(text.statusCode()).isEqualTo(200);
        assertThat(text.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
        assertThat(text.body()).isEqualTo("hi there");

        final HttpResponse<String> json = http.get("/unspecified/variant", "Accept", "application/json");
        assertThat(json.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(json.body()).isEqualTo("{\"text\":\"hi there\"}");
    }

    @Test
    void whatNothingCanWriteInTheAskedTypeIsA406Problem() {
        final HttpResponse<String> response = http.get("/unspecified/planet", "Accept", "text/plain");

        assertThat(response.statusCode()).isEqualTo(406);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(response.body()).contains("JSON").doesNotContain("Planet");
    }
}
