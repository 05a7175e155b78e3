package org.jzenith.rest.it.converters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** ParamConverterProviders convert parameter types of their own, and win over the built-in ways. */
class ParamConvertersIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served =
                Served.start(RestPlugin.withResources(PriceResource.class).withProviders(MoneyConverterProvider.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aConverterReadsPathQueryAndListParameters() {
        final HttpResponse<String> response = http.get("/prices/12.50EUR?on=24.12.2026&also=1USD&also=2CHF");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("12.50 EUR on 2026-12-24 and 2 more");
    }

    @Test
    void aValueTheConverterRejectsIsA400NamingTheParameter() {
        final HttpResponse<String> money = http.get("/prices/lotsEUR");
        assertThat(money.statusCode()).isEqualTo(400);
        assertThat(money.body())
                .contains("path parameter 'price'")
                .contains("expected a valid value")
                .doesNotContain("Money");

        final HttpResponse<String> date = http.get("/prices/1EUR?on=2026-12-24");
        assertThat(date.statusCode()).isEqualTo(400);
        assertThat(date.body()).contains("query parameter 'on'");
    }

    @Test
    void aTypeNoConverterReadsFailsStartUpNamingTheParameter() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(
                        RestPlugin.withResources(OpaqueResource.class).withProviders(MoneyConverterProvider.class));

        assertThatThrownBy(broken::start)
                .hasMessageContaining("OpaqueResource.get")
                .hasMessageContaining("query parameter 'o' has the type")
                .hasMessageContaining("register a ParamConverterProvider");
    }
}
