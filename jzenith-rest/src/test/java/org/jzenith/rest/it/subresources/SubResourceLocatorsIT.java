package org.jzenith.rest.it.subresources;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Sub-resource locators, nested, with parameters of their own. */
class SubResourceLocatorsIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(CustomerResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void theLocatorsResultServesTheRestOfThePath() {
        assertThat(http.get("/customers/ada").body()).isEqualTo("\"customer ada\"");
        assertThat(http.get("/customers/ada/orders").body()).isEqualTo("[\"ada-1\",\"ada-2\"]");
        assertThat(http.get("/customers/ada/orders?limit=1").body()).isEqualTo("[\"ada-1\"]");
        assertThat(http.get("/customers/ada/orders/7").body())
                .contains("\"order\":7")
                .contains("\"customer\":\"ada\"");
        assertThat(http.send("POST", "/customers/ada/orders", "{\"what\":\"tea\"}", "Content-Type", "application/json")
                        .body())
                .contains("\"created\":{\"what\":\"tea\"}");
    }

    @Test
    void locatorsNest() {
        assertThat(http.get("/customers/ada/orders/7/items").body()).isEqualTo("items of order 7 of ada");
    }

    @Test
    void aLocatorThatReturnsNullIsA404AndABadParameterA400() {
        assertThat(http.get("/customers/nobody/orders").statusCode()).isEqualTo(404);

        final HttpResponse<String> bad = http.get("/customers/ada/orders/seven/items");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("path parameter 'order'");
    }
}
