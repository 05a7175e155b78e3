package org.jzenith.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.ReceivedSpan;
import org.slf4j.LoggerFactory;

/**
 * A traced service exporting to a real OTLP receiver over HTTP/protobuf: the caller's trace is
 * continued, the server span is named by route template with HTTP attributes, spans started by the
 * resource are its children, and the trace id is in the MDC and the problem responses.
 */
class TracingIT {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";
    private static final String TRACEPARENT = "00-" + TRACE_ID + "-" + CALLER_SPAN + "-01";

    private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(TracedApplication::application)
            .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
            .withConfiguration("otel.bsp.schedule.delay", "20")
            .withConfiguration("rest.access-log.enabled", "true");

    /** The same service exporting over OTLP/gRPC (HTTP/2, through jZenith's Vert.x sender). */
    @RegisterExtension
    static final JZenithExtension OVER_GRPC = JZenithExtension.of(TracedApplication::application)
            .withConfiguration("otel.exporter.otlp.protocol", "grpc")
            .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::grpcEndpoint)
            .withConfiguration("otel.exporter.otlp.compression", "gzip")
            .withConfiguration("otel.bsp.schedule.delay", "20");

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    @BeforeEach
    void forgetEarlierSpans() {
        RECEIVER.clear();
    }

    @Test
    void continuesTheCallersTraceWithAServerSpanNamedByRouteTemplate() {
        final JsonNode body = APP.client()
                .get("/traced/plain/ada?polite=yes", "traceparent", TRACEPARENT, "User-Agent", "tracing-it")
                .json();

        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> server(received, "GET /traced/plain/{name}").isPresent(), WAIT);
        final ReceivedSpan server = server(spans, "GET /traced/plain/{name}").orElseThrow();
        assertThat(server.traceId()).isEqualTo(TRACE_ID);
        assertThat(server.parentSpanId()).isEqualTo(CALLER_SPAN);
        assertThat(server.serviceName()).isEqualTo("traced-test");
        assertThat(server.attributes())
                .containsEntry("http.request.method", "GET")
                .containsEntry("http.route", "/traced/plain/{name}")
                .containsEntry("url.path", "/traced/plain/ada")
                .containsEntry("url.query", "polite=yes")
                .containsEntry("url.scheme", "http")
                .containsEntry("network.protocol.version", "1.1")
                .containsEntry("user_agent.original", "tracing-it")
                .containsEntry("http.response.status_code", 200L);
        assertThat(body.get("mdcTraceId").asText()).isEqualTo(TRACE_ID);
        assertThat(body.get("spanTraceId").asText()).isEqualTo(TRACE_ID);
    }

    @Test
    void aSpanTheResourceStartsOnItsVirtualThreadIsAChildOfTheServerSpan() {
        APP.client().get("/traced/plain/grace", "traceparent", TRACEPARENT);

        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> received.stream().anyMatch(span -> span.name().equals("greet"))
                        && server(received, "GET /traced/plain/{name}").isPresent(),
                WAIT);
        final ReceivedSpan server = server(spans, "GET /traced/plain/{name}").orElseThrow();
        final ReceivedSpan greet = spans.stream()
                .filter(span -> span.name().equals("greet"))
                .findFirst()
                .orElseThrow();
        assertThat(greet.traceId()).isEqualTo(TRACE_ID);
        assertThat(greet.parentSpanId()).isEqualTo(server.spanId());
        assertThat(greet.attributes()).containsEntry("greeting.name", "grace");
    }

    @Test
    void startsANewTraceWithoutTraceparentAndShowsItToCodeOnTheEventLoop() {
        final JsonNode body = APP.client().get("/traced/reactive").json();

        final ReceivedSpan server = server(
                        RECEIVER.awaitSpans(
                                received ->
                                        server(received, "GET /traced/reactive").isPresent(),
                                WAIT),
                        "GET /traced/reactive")
                .orElseThrow();
        assertThat(server.parentSpanId()).isEmpty();
        assertThat(server.traceId()).hasSize(32).isNotEqualTo(TRACE_ID);
        assertThat(body.get("mdcTraceId").asText()).isEqualTo(server.traceId());
        assertThat(body.get("spanTraceId").asText()).isEqualTo(server.traceId());
    }

    @Test
    void theAccessLogLineNamesTheTraceOfItsSpan() {
        final LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        final ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.setContext(logging);
        lines.start();
        final Logger access = logging.getLogger("jzenith.access");
        access.addAppender(lines);
        try {
            APP.client().get("/traced/reactive?for=access-log");

            final ReceivedSpan server = server(
                            RECEIVER.awaitSpans(
                                    received -> server(received, "GET /traced/reactive")
                                            .isPresent(),
                                    WAIT),
                            "GET /traced/reactive")
                    .orElseThrow();
            Await.until(WAIT, "the access log line of the request", () -> accessLine(lines)
                    .isPresent());
            assertThat(accessLine(lines).orElseThrow().getKeyValuePairs()).anySatisfy(pair -> {
                assertThat(pair.key).isEqualTo("trace_id");
                assertThat(pair.value).isEqualTo(server.traceId());
            });
        } finally {
            access.detachAppender(lines);
        }
    }

    private static Optional<ILoggingEvent> accessLine(final ListAppender<ILoggingEvent> lines) {
        synchronized (lines) { // the appender appends under its own lock
            return lines.list.stream()
                    .filter(line -> line.getFormattedMessage().startsWith("GET /traced/reactive "))
                    .findFirst();
        }
    }

    @Test
    void aFailedRequestIsAnErrorSpanAndItsProblemNamesTheTrace() {
        final JsonNode problem = APP.client().get("/traced/fail").json();

        final ReceivedSpan server = server(
                        RECEIVER.awaitSpans(
                                received -> server(received, "GET /traced/fail").isPresent(), WAIT),
                        "GET /traced/fail")
                .orElseThrow();
        assertThat(server.attributes())
                .containsEntry("http.response.status_code", 500L)
                .containsEntry("error.type", "500");
        assertThat(server.statusCode()).isEqualTo(2);
        assertThat(problem.get("status").asInt()).isEqualTo(500);
        assertThat(problem.get("traceId").asText()).isEqualTo(server.traceId());
    }

    @Test
    void routesOfPluginsAreNamedByTheirPathToo() {
        APP.client().get("/health/ready");

        final ReceivedSpan health = server(
                        RECEIVER.awaitSpans(
                                received ->
                                        server(received, "GET /health/ready").isPresent(),
                                WAIT),
                        "GET /health/ready")
                .orElseThrow();
        assertThat(health.attributes()).containsEntry("http.route", "/health/ready");
    }

    @Test
    void aRequestNoRouteMatchesIsNamedByItsMethodAlone() {
        APP.client().get("/no/such/path/12345");

        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> received.stream().anyMatch(span -> "/no/such/path/12345"
                        .equals(span.attributes().get("url.path"))),
                WAIT);
        final ReceivedSpan server = spans.stream()
                .filter(span -> "/no/such/path/12345".equals(span.attributes().get("url.path")))
                .findFirst()
                .orElseThrow();
        assertThat(server.name()).isEqualTo("GET");
        assertThat(server.attributes()).containsEntry("http.response.status_code", 404L);
    }

    @Test
    void outgoingVertxHttpCallsAreClientSpansAndCarryTheTrace() {
        final String seen =
                APP.client().get("/traced/outgoing", "traceparent", TRACEPARENT).body();

        // Three spans, ended one after the other, possibly exported in different batches.
        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> server(received, "GET /traced/echo").isPresent()
                        && server(received, "GET /traced/outgoing").isPresent()
                        && received.stream()
                                .anyMatch(span -> span.kind().equals("CLIENT")
                                        && span.traceId().equals(TRACE_ID)),
                WAIT);
        final ReceivedSpan outgoing = server(spans, "GET /traced/outgoing").orElseThrow();
        final ReceivedSpan client = spans.stream()
                .filter(span -> span.kind().equals("CLIENT") && span.traceId().equals(TRACE_ID))
                .findFirst()
                .orElseThrow();
        final ReceivedSpan echo = server(spans, "GET /traced/echo").orElseThrow();
        assertThat(client.parentSpanId()).isEqualTo(outgoing.spanId());
        assertThat(seen).isEqualTo("00-" + TRACE_ID + "-" + client.spanId() + "-01");
        assertThat(echo.parentSpanId()).isEqualTo(client.spanId());
    }

    @Test
    void exportsOverGrpcToo() {
        final String trace = "5bf92f3577b34da6a3ce929d0e0e4736";
        OVER_GRPC.client().get("/traced/plain/lin", "traceparent", "00-" + trace + "-" + CALLER_SPAN + "-01");

        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> received.stream()
                                .filter(span -> span.traceId().equals(trace))
                                .count()
                        == 2,
                WAIT);
        assertThat(spans)
                .filteredOn(span -> span.traceId().equals(trace))
                .extracting(ReceivedSpan::name, ReceivedSpan::protocol)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("GET /traced/plain/{name}", "grpc"),
                        org.assertj.core.groups.Tuple.tuple("greet", "grpc"));
    }

    private static Optional<ReceivedSpan> server(final List<ReceivedSpan> spans, final String name) {
        return spans.stream()
                .filter(span -> span.kind().equals("SERVER") && span.name().equals(name))
                .findFirst();
    }
}
