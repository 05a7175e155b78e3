package org.jzenith.rest.it.completion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Eventually;
import org.jzenith.rest.it.Served;
import org.jzenith.rest.it.hardening.TeeStream;

/**
 * Whatever branch answers a request (a plain answer, a mapped exception, an unmapped error, a
 * binding or validation 400, a filter's abort, a suspended response, a stream, server-sent events,
 * a client that leaves before its answer, an overload 503), the request ends once: it gives back
 * its place ({@code http.server.requests.active} returns to 0), is timed once and gets one access
 * log line.
 */
class OneCompletionPerRequestIT {

    private static final Pattern TIMER_COUNT = Pattern.compile("http_server_requests_seconds_count\\{(.*)} (\\d+)");
    private static final Pattern STATUS = Pattern.compile("status=\"(\\d+)\"");
    private static final Pattern URI = Pattern.compile("uri=\"(/c/[a-z]+)\"");

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void capture() {
        // slf4j-simple writes to System.err.
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeStream(originalErr, log), true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setErr(originalErr);
        Branches.open.countDown();
    }

    @Test
    void everyBranchEndsTheRequestExactlyOnce() throws Exception {
        Branches.open = new CountDownLatch(1);
        try (Served served = Served.start(
                RestPlugin.withResources(Branches.class).withProviders(AbortingFilter.class),
                "--rest.access-log.enabled=true",
                "--rest.limits.max-in-flight=1",
                "--rest.limits.max-queued=0")) {
            assertThat(served.http().get("/c/plain").statusCode()).isEqualTo(200);
            assertThat(served.http().get("/c/mapped").statusCode()).isEqualTo(409);
            assertThat(served.http().get("/c/boom").statusCode()).isEqualTo(500);
            assertThat(served.http().get("/c/number?n=abc").statusCode()).isEqualTo(400);
            assertThat(served.http().get("/c/positive?n=-1").statusCode()).isEqualTo(400);
            assertThat(served.http().get("/c/aborted").statusCode()).isEqualTo(403);
            assertThat(served.http().get("/c/async").body()).isEqualTo("later");
            assertThat(served.http().get("/c/stream").body()).isEqualTo("streamed");
            assertThat(served.http().get("/c/events").body()).contains("data: 1");
            try (Socket leaving = new Socket("127.0.0.1", served.port())) {
                leaving.getOutputStream()
                        .write("GET /c/hold HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                Eventually.until(Duration.ofSeconds(5), "the request is held", () -> Branches.HOLDING.get() == 1);
                // The only place is taken: the next request is refused at once.
                assertThat(served.http().get("/c/stream").statusCode()).isEqualTo(503);
            }
            // The client left before its answer; the method returns after that, to nobody.
            Branches.open.countDown();
            Eventually.until(Duration.ofSeconds(5), "the held method returned", () -> Branches.HOLDING.get() == 0);
            Eventually.until(
                    Duration.ofSeconds(5),
                    "no request is in flight",
                    () -> served.http().get("/metrics").body().contains("http_server_requests_active 0.0"));
            assertThat(served.http().get("/c/plain").statusCode())
                    .as("a place is free again")
                    .isEqualTo(200);

            final Map<String, Integer> expected = Map.ofEntries(
                    Map.entry("/c/plain 200", 2),
                    Map.entry("/c/mapped 409", 1),
                    Map.entry("/c/boom 500", 1),
                    Map.entry("/c/number 400", 1),
                    Map.entry("/c/positive 400", 1),
                    Map.entry("/c/aborted 403", 1),
                    Map.entry("/c/async 200", 1),
                    Map.entry("/c/stream 200", 1),
                    Map.entry("/c/stream 503", 1),
                    Map.entry("/c/events 200", 1),
                    Map.entry("/c/hold 200", 1));
            final int requests =
                    expected.values().stream().mapToInt(Integer::intValue).sum();
            Eventually.until(
                    Duration.ofSeconds(5),
                    requests + " access lines",
                    () -> accessLines().size() >= requests);
            final String metrics = served.http().get("/metrics").body();
            assertThat(metrics).contains("http_server_requests_active 0.0");
            assertThat(timerCounts(metrics)).isEqualTo(expected);
            assertThat(accessLines()).hasSize(requests);
        }
    }

    /** The count of each timer of the {@code /c} routes, as "route status". */
    private static Map<String, Integer> timerCounts(final String metrics) {
        final Matcher matcher = TIMER_COUNT.matcher(metrics);
        final Map<String, Integer> counts = new java.util.TreeMap<>();
        while (matcher.find()) {
            final Matcher uri = URI.matcher(matcher.group(1));
            final Matcher status = STATUS.matcher(matcher.group(1));
            if (uri.find() && status.find()) {
                counts.merge(uri.group(1) + ' ' + status.group(1), Integer.parseInt(matcher.group(2)), Integer::sum);
            }
        }
        return counts;
    }

    private List<String> accessLines() {
        return Arrays.stream(log.toString(StandardCharsets.UTF_8).split("\n"))
                .filter(line -> line.contains("jzenith.access") && line.contains(" /c/"))
                .collect(Collectors.toList());
    }
}
