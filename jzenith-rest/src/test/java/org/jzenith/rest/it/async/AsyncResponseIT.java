package org.jzenith.rest.it.async;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Eventually;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** {@code @Suspended AsyncResponse}, resumed from other threads, timed out and cancelled. */
class AsyncResponseIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(AsyncResource.class), "--rest.suspend-timeout=300ms");
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aValueResumedFromAnotherThreadIsTheAnswerAndOnlyTheFirstResumeCounts() {
        final HttpResponse<String> response = http.get("/async/reports/r1");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"id\":\"r1\",\"pages\":12}");
        awaitEvents("completed r1 true", "second resume false");
    }

    @Test
    void aResponseKeepsItsStatusAndHeaders() {
        final HttpResponse<String> response = http.get("/async/created");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(response.headers().firstValue("Location")).contains("/async/reports/r9");
    }

    @Test
    void aResumedExceptionIsAnsweredAsIfTheMethodThrewIt() {
        final HttpResponse<String> response = http.get("/async/reports/missing");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).contains("No report missing");
        awaitEvents("completed missing false");
    }

    @Test
    void aTimeoutGoesToTheTimeoutHandlerOrElseIsA503() {
        final HttpResponse<String> handled = http.get("/async/slow-with-handler");
        assertThat(handled.statusCode()).isEqualTo(504);
        assertThat(handled.body()).isEqualTo("\"gave up\"");

        final HttpResponse<String> unhandled = http.get("/async/slow");
        assertThat(unhandled.statusCode()).isEqualTo(503);
        assertThat(unhandled.body()).contains("timed out");
    }

    @Test
    void aResponseNeverResumedIsAnsweredAfterTheSuspendTimeout() {
        final long start = System.nanoTime();
        final HttpResponse<String> response = http.get("/async/forgotten");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(250);
    }

    @Test
    void aCancelledResponseIsA503WithRetryAfter() {
        final HttpResponse<String> response = http.get("/async/cancelled");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).contains("7");
    }

    @Test
    void aMethodThatTakesAnAsyncResponseAndReturnsAValueFailsStartUp() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(WrongSuspendedResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("WrongSuspendedResource.get takes a @Suspended AsyncResponse but returns String");
    }

    /** The callbacks run on the event loop after the answer is written, so the client may see it first. */
    private static void awaitEvents(final String... events) {
        Eventually.until(
                Duration.ofSeconds(5), "the callbacks ran", () -> AsyncResource.EVENTS.containsAll(List.of(events)));
    }
}
