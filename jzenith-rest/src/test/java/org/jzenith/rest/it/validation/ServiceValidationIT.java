package org.jzenith.rest.it.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Bean Validation on the methods of objects Guice makes, and an injectable Validator. */
class ServiceValidationIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(GreetingResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aServiceMethodsParametersAreValidatedAndAViolationIsA400() {
        assertThat(http.get("/greetings?name=Ada").body()).isEqualTo("Hello Ada");

        final HttpResponse<String> blank = http.get("/greetings");
        assertThat(blank.statusCode()).isEqualTo(400);
        assertThat(blank.body()).contains("{\"field\":\"name\",\"message\":\"must not be blank\"}");

        final HttpResponse<String> shortName = http.get("/greetings/welcome?name=A");
        assertThat(shortName.statusCode()).isEqualTo(400);
        assertThat(shortName.body()).contains("must have at least 2 letters");
    }

    @Test
    void aReturnValueThatBreaksItsConstraintIsTheServicesFaultAndA500() {
        assertThat(http.get("/greetings/nickname?name=Ada").body()).isEqualTo("A");

        final HttpResponse<String> broken = http.get("/greetings/nickname?name=ghost");
        assertThat(broken.statusCode()).isEqualTo(500);
        assertThat(broken.body()).doesNotContain("violates").doesNotContain("null");
    }

    @Test
    void theValidatorIsInjectable() {
        assertThat(http.get("/greetings/check?name=A").body()).isEqualTo("1 violations");
        assertThat(http.get("/greetings/check?name=Ada").body()).isEqualTo("0 violations");
    }
}
