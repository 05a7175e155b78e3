package org.jzenith.rest.it.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Feature and DynamicFeature providers, and Jersey's JSON feature, which jZenith leaves out. */
class FeaturesIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(ClockResource.class)
                .withProviders(HeadersFeature.class, TimingFeature.class, JacksonFeature.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void whatAFeatureRegistersIsRegistered() {
        final HttpResponse<String> response = http.get("/clock/untimed");

        assertThat(response.body()).isEqualTo("whenever");
        assertThat(response.headers().firstValue("X-Greeting")).contains("hello");
        assertThat(response.headers().firstValue("X-Feature")).contains("on");
    }

    @Test
    void aDynamicFeatureAddsFiltersToTheMethodsItChooses() {
        assertThat(http.get("/clock").headers().firstValue("X-Timed")).contains("ClockResource.now");
        assertThat(http.get("/clock/untimed").headers().firstValue("X-Timed")).isEmpty();
    }

    @Test
    void aFeatureThatCannotBeMadeFailsStartUpNamingIt() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(ClockResource.class).withProviders(BrokenFeature.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "BrokenFeature is a Feature that cannot be made with a public no-argument" + " constructor");
    }
}
