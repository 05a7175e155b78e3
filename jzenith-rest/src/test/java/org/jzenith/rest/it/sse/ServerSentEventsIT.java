package org.jzenith.rest.it.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** Server-sent events through SseEventSink, Sse and SseBroadcaster. */
class ServerSentEventsIT {

    private static Served served;
    private static Http http;
    private static int port;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(EventsResource.class));
        http = served.http();
        port = served.port();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void eventsAreWrittenInTheEventStreamFormatAndCloseEndsTheResponse() {
        final HttpResponse<String> response = http.get("/events/count", "Accept", "text/event-stream");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/event-stream");
        assertThat(response.headers().firstValue("Cache-Control")).contains("no-cache");
        assertThat(response.body())
                .isEqualTo("event: tick\ndata: 1\n\n"
                        + "event: tick\ndata: 2\n\n"
                        + "event: tick\ndata: 3\n\n"
                        + "event: price\nid: 7\nretry: 3000\ndata: {\"item\":\"tea\",\"cents\":250}\n\n"
                        + ": two\n: lines\ndata: a\ndata: b\n\n");
    }

    @Test
    void aBroadcastReachesEverySubscriberUntilTheBroadcasterCloses() throws Exception {
        final HttpClient client = HttpClient.newHttpClient();
        final HttpResponse<Stream<String>> stream = client.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/events/subscribe"))
                                .header("Accept", "text/event-stream")
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines())
                .get(10, TimeUnit.SECONDS);
        final Iterator<String> lines = stream.body().iterator();
        assertThat(lines.next()).isEqualTo("data: welcome");
        assertThat(lines.next()).isEmpty();

        assertThat(http.send("POST", "/events/publish?text=hello", "").body()).isEqualTo("sent");
        assertThat(lines.next()).isEqualTo("event: news");
        assertThat(lines.next()).isEqualTo("data: hello");
        assertThat(lines.next()).isEmpty();

        http.send("POST", "/events/close", "");
        assertThat(lines.hasNext()).isFalse(); // the stream ended
    }

    @Test
    void aMethodThatTakesASinkAndReturnsAValueFailsStartUp() {
        final JZenith broken =
                JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(WrongSseResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("WrongSseResource.get takes an @Context SseEventSink but returns String");
    }
}
