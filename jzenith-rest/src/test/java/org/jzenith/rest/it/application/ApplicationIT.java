package org.jzenith.rest.it.application;

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

/** A whole Jakarta REST Application registered at once. */
class ApplicationIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withApplication(ShopApplication.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void itsClassesAreServedUnderItsApplicationPathAndMadeByGuice() {
        final HttpResponse<String> found = http.get("/api/orders/1");
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(found.body()).contains("\"item\":\"a book\"");

        final HttpResponse<String> missing = http.get("/api/orders/9");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("\"There is no order 9\"");

        assertThat(http.get("/orders/1").statusCode()).isEqualTo(404);
    }

    @Test
    void itsSingletonsAreUsedAsTheApplicationMadeThem() {
        final HttpResponse<String> response = http.get("/api/ping");

        assertThat(response.body()).isEqualTo("pong");
        assertThat(response.headers().firstValue("X-Powered-By")).contains("jZenith");
    }

    @Test
    void anApplicationThatListsNoResourceFailsStartUpSayingWhy() {
        final JZenith broken =
                JZenith.application("--rest.port=0").withPlugins(RestPlugin.withApplication(EmptyApplication.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("EmptyApplication registers no resource class")
                .hasMessageContaining("jZenith does not scan");
    }
}
