package org.jzenith.rest.it.subresources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** {@code @Context ResourceContext} fields, and per-request context fields refused at start-up. */
class ResourceContextIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(ShopResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void theResourceContextMakesAndInitialisesSubResourcesWithTheInjector() {
        assertThat(http.get("/shop/stock/tea").body()).isEqualTo("tea: 3");
        assertThat(http.get("/shop/restock/coffee").body()).isEqualTo("coffee: 6");
    }

    @Test
    void aPerRequestContextInAResourceFieldFailsStartUp() {
        final JZenith broken =
                JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(HeadersFieldResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("HeadersFieldResource has the field headers with @Context HttpHeaders, which"
                        + " differs per request");
    }
}
