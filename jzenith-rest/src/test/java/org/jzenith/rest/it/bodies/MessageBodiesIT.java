package org.jzenith.rest.it.bodies;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** The application's MessageBodyReader and MessageBodyWriter, before jZenith's own JSON. */
class MessageBodiesIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(PeopleResource.class).withProviders(CsvProvider.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aWriterWritesItsMediaTypeAndItsHeadersAndJsonStaysJson() {
        final HttpResponse<String> csv = http.get("/people", "Accept", "text/csv");
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.body()).isEqualTo("Ada,36\nGrace,85\n");
        assertThat(csv.headers().firstValue("X-Rows")).contains("2");
        assertThat(csv.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));

        final HttpResponse<String> json = http.get("/people", "Accept", "application/json");
        assertThat(json.body()).isEqualTo("[{\"name\":\"Ada\",\"age\":36},{\"name\":\"Grace\",\"age\":85}]");
    }

    @Test
    void aReaderReadsItsMediaTypeAndJsonIsStillReadAsJson() {
        assertThat(http.send("POST", "/people", "Ada,36", "Content-Type", "text/csv")
                        .body())
                .isEqualTo("{\"name\":\"ADA\",\"age\":36}");
        assertThat(http.send("POST", "/people", "{\"name\":\"Grace\",\"age\":85}", "Content-Type", "application/json")
                        .body())
                .isEqualTo("{\"name\":\"GRACE\",\"age\":85}");
    }

    @Test
    void whatTheReaderCannotReadIsA400() {
        final HttpResponse<String> bad = http.send("POST", "/people", "just a name", "Content-Type", "text/csv");

        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("expected name,age");
    }

    @Test
    void aMediaTypeNothingCanWriteIsA406NotTheObjectsToString() {
        assertThat(http.get("/people/one", "Accept", "application/json").body())
                .isEqualTo("{\"name\":\"Ada\",\"age\":36}");

        final HttpResponse<String> xml = http.get("/people/one", "Accept", "application/xml");
        assertThat(xml.statusCode()).isEqualTo(406);
        assertThat(xml.body()).contains("cannot be written as application/xml").doesNotContain("Person[");
    }
}
