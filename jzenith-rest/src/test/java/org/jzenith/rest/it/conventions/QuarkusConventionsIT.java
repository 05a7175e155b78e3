package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** What Quarkus REST users write without thinking works unchanged. */
class QuarkusConventionsIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(FruitResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void anUnannotatedParameterNamedLikeAPathVariableIsThatVariable() {
        final HttpResponse<String> response = http.get("/fruits/pear");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("pear costs 55");
        assertThat(http.get("/fruits/kiwi").statusCode()).isEqualTo(404);
    }

    @Test
    void theOtherUnannotatedParameterIsStillTheBody() {
        final HttpResponse<String> response = http.send("PUT", "/fruits/apple", "malus", "Content-Type", "text/plain");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("apple is now malus");
    }

    @Test
    void quarkusParameterAnnotationsTakeTheParametersNameWhenTheyNameNothing() {
        final HttpResponse<String> response = http.get("/fruits/apple/quote?amount=3", "Accept-Language", "en");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("3 apple cost 120 (en)");
    }

    @Test
    void quarkusParameterAnnotationsTakeTheNameTheyGive() {
        final HttpResponse<String> response =
                http.send("POST", "/fruits/pear", "count=4", "Content-Type", "application/x-www-form-urlencoded");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ordered 4 pear");
    }

    @Test
    void aQuarkusQueryParameterIsConvertedAndCheckedLikeAJakartaOne() {
        final HttpResponse<String> response = http.get("/fruits/apple/quote?amount=many");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("amount");
    }
}
