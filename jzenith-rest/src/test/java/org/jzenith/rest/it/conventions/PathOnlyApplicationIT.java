package org.jzenith.rest.it.conventions;

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

/** An Application kept only for its @ApplicationPath, its resources named beside it. */
class PathOnlyApplicationIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(StoreApplication.class, CatalogResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void theResourcesAreServedUnderTheApplicationPath() {
        final HttpResponse<String> response = http.get("/store/catalog/42");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("item 42");
        assertThat(http.get("/catalog/42").statusCode()).isEqualTo(404);
    }

    @Test
    void anApplicationWithNothingBesideItStillFailsStartUpSayingHowToNameThem() {
        final JZenith broken =
                JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(StoreApplication.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("StoreApplication registers no resource class")
                .hasMessageContaining("RestPlugin.withResources(StoreApplication.class, SomeResource.class)");
    }

    @Test
    void twoApplicationsFailStartUpNamingBoth() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(
                        StoreApplication.class, OtherApplication.class, CatalogResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("2 Application classes")
                .hasMessageContaining("StoreApplication")
                .hasMessageContaining("OtherApplication");
    }
}
