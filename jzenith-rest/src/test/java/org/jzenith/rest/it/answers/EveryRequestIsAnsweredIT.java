package org.jzenith.rest.it.answers;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import com.google.inject.Scopes;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;

/**
 * Every path from request to response ends in a response: a failure injected at each step of
 * answering (binding, reading the body, validating, making the resource, calling it, writing the
 * result, a reactive source), on each thread a method runs on, is answered with a problem response
 * that says nothing internal. The client's 10 s timeout turns a request left unanswered into a
 * failure here.
 */
class EveryRequestIsAnsweredIT {

    private static JZenith app;
    private static Http http;

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(FailingResource.class, UnconstructibleResource.class))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        bindScope(PerRequest.class, Scopes.NO_SCOPE);
                    }
                })
                .start();
        http = new Http(app.instance(RestServer.class).port());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @ParameterizedTest(name = "{0} {1} on {2}")
    @CsvSource({
        "GET, binding, el, 500",
        "GET, binding, vt, 500",
        "GET, binding, worker, 500",
        "POST, entity, el, 500",
        "POST, entity, vt, 500",
        "POST, entity, worker, 500",
        "GET, validation, el, 500",
        "GET, validation, vt, 500",
        "GET, validation, worker, 500",
        "GET, invocation, el, 500",
        "GET, invocation, vt, 500",
        "GET, invocation, worker, 500",
        "GET, writing, el, 500",
        "GET, writing, vt, 500",
        "GET, writing, worker, 500",
        "GET, reactive, null, 500",
        "GET, reactive, subscribe, 500",
        "GET, reactive, error, 500",
    })
    void aFailureAtEveryStepIsAnswered(final String method, final String step, final String thread, final int status) {
        final HttpResponse<String> response = http.send(
                method,
                "/fail/" + step + "/" + thread + "?x=1",
                "{\"name\":\"x\"}",
                "Content-Type",
                "application/json");

        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(response.body())
                .contains("request id")
                .doesNotContain("bug", "Exception", "AssertionError", "org.jzenith", "java.");
    }

    @Test
    void aResourceThatCannotBeMadeIsAnswered() {
        final HttpResponse<String> response = http.get("/unconstructible");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).doesNotContain("bug", "Exception");
    }

    @Test
    void uriInfoOnAPlainTemplateAnswersOnAVirtualThread() {
        final HttpResponse<String> response = http.get("/fail/uri/a%20b");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("a%20b /fail/uri/{id}");
    }

    @Test
    void theConnectionStillServesAfterEachFailure() {
        for (int i = 0; i < 3; i++) {
            assertThat(http.get("/fail/invocation/vt").statusCode()).isEqualTo(500);
            assertThat(http.get("/fail/uri/" + i).statusCode()).isEqualTo(200);
        }
    }
}
