package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;

/** An application that binds its own Validator starts, and its Validator is the one used. */
class OwnValidatorIT {

    private static JZenith app;
    private static Http http;

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0")
                .withModules(new OwnValidatorModule())
                .withPlugins(RestPlugin.withResources(CountResource.class))
                .start();
        http = new Http(app.instance(RestServer.class).port());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Test
    void theApplicationsValidatorIsTheOneInjected() {
        assertThat(http.get("/counts/validator").body()).isEqualTo("checked by the application's validator");
    }

    @Test
    void theApplicationsValidatorChecksResourceParameters() {
        assertThat(http.get("/counts?n=2").body()).isEqualTo("counted 2");

        final HttpResponse<String> invalid = http.get("/counts?n=0");
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.body()).contains("checked by the application's validator");
    }
}
