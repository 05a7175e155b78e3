package org.jzenith.rest.it.observability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Eventually;
import org.jzenith.rest.it.Served;
import org.jzenith.rest.it.hardening.Echo;
import org.jzenith.rest.it.hardening.TeeStream;

/** {@code rest.access-log.enabled}: one line per request, with its route and the caller's trace id. */
class AccessLogIT {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
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
    }

    private List<String> accessLines() {
        return Arrays.stream(log.toString(StandardCharsets.UTF_8).split("\n"))
                .filter(line -> line.contains("jzenith.access"))
                .toList();
    }

    @Test
    void everyRequestIsOneLineWithItsRouteAndTraceId() {
        try (Served served = Served.start(RestPlugin.withResources(Echo.class), "--rest.access-log.enabled=true")) {
            served.http().get("/echo", "traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01");
            served.http().get("/nowhere");
            served.http().send("POST", "/echo", "[]", "Content-Type", "application/json");
            Eventually.until(
                    Duration.ofSeconds(5),
                    "three access lines",
                    () -> accessLines().size() >= 3);
        }
        assertThat(accessLines())
                .anySatisfy(line -> assertThat(line)
                        .contains("GET /echo 200 ")
                        .contains("route=/echo")
                        .contains("trace=" + TRACE_ID))
                .anySatisfy(
                        line -> assertThat(line).contains("GET /nowhere 404 ").contains("trace=-"))
                .anySatisfy(line -> assertThat(line).contains("POST /echo 400 ").contains("in=2B"));
    }

    @Test
    void problemResponsesCarryTheCallersTraceId() {
        try (Served served = Served.start(RestPlugin.withResources(Echo.class))) {
            assertThat(served.http()
                            .get("/nowhere", "traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01")
                            .body())
                    .contains("\"traceId\":\"" + TRACE_ID + "\"");
            assertThat(served.http().get("/nowhere").body()).doesNotContain("traceId");
        }
    }

    @Test
    void offByDefault() {
        try (Served served = Served.start(RestPlugin.withResources(Echo.class))) {
            assertThat(served.http().get("/echo").statusCode()).isEqualTo(200);
        }
        assertThat(accessLines()).isEmpty();
    }
}
