package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Sub-resource locators returning Object or Class are resolved at request time. */
class ObjectLocatorsIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(ShelfResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void anInstanceTheLocatorReturnsServesItsMethods() {
        assertThat(http.get("/shelves/books").body()).isEqualTo("books up to 10");
        assertThat(http.get("/shelves/books?limit=3").body()).isEqualTo("books up to 3");
        assertThat(http.get("/shelves/books/dune").body()).isEqualTo("the book dune");
    }

    @Test
    void theLocatedResourceReadsTheRequestBody() {
        final HttpResponse<String> response = http.send("POST", "/shelves/books", "Dune", "Content-Type", "text/plain");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("shelved Dune");
        assertThat(http.get("/shelves/books").body()).isEqualTo("books up to 10");
    }

    @Test
    void aClassTheLocatorReturnsIsMadeByGuice() {
        assertThat(http.get("/shelves/records").body()).isEqualTo("records, and an apple for 40");
        assertThat(http.get("/shelves/by-class").body()).isEqualTo("records, and an apple for 40");
    }

    @Test
    void theLocatorIsCalledOncePerRequest() {
        final int before = Integer.parseInt(http.get("/shelves/located").body());
        http.get("/shelves/books");
        http.get("/shelves/books/dune");

        assertThat(Integer.parseInt(http.get("/shelves/located").body())).isEqualTo(before + 2);
    }

    @Test
    void nothingLocatedIsA404AndABadLocatorParameterA400() {
        assertThat(http.get("/shelves/unknown").statusCode()).isEqualTo(404);

        final HttpResponse<String> bad = http.get("/shelves/books?limit=many");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("limit");
    }

    @Test
    void aPathTheLocatedClassDoesNotServeIsA404() {
        assertThat(http.get("/shelves/records/extra").statusCode()).isEqualTo(404);
    }

    @Test
    void aLocatedClassThatCannotBeAResourceIsRefusedEachTimeWithoutItsName() {
        for (int i = 0; i < 2; i++) {
            final HttpResponse<String> refused = http.get("/shelves/plain");
            assertThat(refused.statusCode()).isEqualTo(500);
            assertThat(refused.body()).contains("cannot be served").doesNotContain("NoMethods");
        }
    }
}
