package org.jzenith.rest.it.sse;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/**
 * A resource method that returns a stream and produces {@code text/event-stream} sends each element as
 * an event as it comes, and ends the response when the stream completes (Jakarta REST 3.1 §9, and the
 * way Quarkus and Jersey answer such a method); before, it answered a JSON array under an event-stream
 * content type, and an endless stream was never sent at all.
 */
class StreamedEventsIT {

    private static final String EVENTS = "text/event-stream";
    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(StreamsResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aMultiOfObjectsIsOneJsonEventPerElement() {
        final HttpResponse<String> response = http.get("/streams/quotes", "Accept", EVENTS);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith(EVENTS));
        assertThat(response.headers().firstValue("Cache-Control")).contains("no-cache");
        assertThat(response.body())
                .isEqualTo("data: {\"symbol\":\"ACME\",\"cents\":1250}\n\n"
                        + "data: {\"symbol\":\"INIT\",\"cents\":99}\n\n");
    }

    @Test
    void stringsAreTextAndOtherObjectsJsonWithoutAnElementType() {
        assertThat(http.get("/streams/words", "Accept", EVENTS).body())
                .isEqualTo("data: alpha\n\n" + "data: two\ndata: lines\n\n");
        assertThat(http.get("/streams/objects", "Accept", EVENTS).body())
                .isEqualTo("data: {\"symbol\":\"ACME\",\"cents\":1}\n\n");
    }

    @Test
    void reactiveStreamsAndFlowPublishersStreamToo() {
        assertThat(http.get("/streams/numbers", "Accept", EVENTS).body())
                .isEqualTo("data: 1\n\n" + "data: 2\n\n" + "data: 3\n\n");
        assertThat(http.get("/streams/flow", "Accept", EVENTS).body()).isEqualTo("data: from a Flow.Publisher\n\n");
    }

    @Test
    void outboundEventsKeepTheirFields() {
        assertThat(http.get("/streams/named", "Accept", EVENTS).body())
                .isEqualTo("event: price\nid: 1\ndata: 12.50\n\n");
    }

    @Test
    void aMethodThatAlsoProducesJsonAnswersWhatTheClientAccepts() {
        assertThat(http.get("/streams/either", "Accept", "application/json").body())
                .isEqualTo("[\"a\",\"b\"]");
        assertThat(http.get("/streams/either", "Accept", EVENTS).body()).isEqualTo("data: a\n\n" + "data: b\n\n");
    }

    @Test
    void anEndlessStreamIsSentAsItComesAndCancelledWhenTheClientLeaves() throws Exception {
        StreamsResource.tickerCancelled = new CountDownLatch(1);
        final double before = cancelled();
        final HttpClient client = HttpClient.newHttpClient();
        final HttpResponse<Stream<String>> response = client.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + "/streams/ticks"))
                                .header("Accept", EVENTS)
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines())
                .get(10, TimeUnit.SECONDS);
        final Iterator<String> lines = response.body().iterator();

        for (long tick = 0; tick < 3; tick++) {
            assertThat(lines.next()).isEqualTo("data: " + tick);
            assertThat(lines.next()).isEmpty();
        }
        response.body().close(); // the client goes away
        client.close();

        assertThat(StreamsResource.tickerCancelled.await(10, TimeUnit.SECONDS))
                .as("the ticker was cancelled")
                .isTrue();
        assertThat(cancelled()).isEqualTo(before + 1);
    }

    private static double cancelled() {
        return served.app()
                .instance(MeterRegistry.class)
                .get("rest_event_streams_cancelled_total")
                .tag("uri", "/streams/ticks")
                .counter()
                .count();
    }
}
