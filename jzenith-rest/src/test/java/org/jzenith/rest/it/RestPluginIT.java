package org.jzenith.rest.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.Future;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;

class RestPluginIT {

    private static final AtomicBoolean HEALTHY = new AtomicBoolean(true);
    private static JZenith app;
    private static Http http;

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0", "--rest.max-body-size=2048")
                .withPlugins(RestPlugin.withResources(ThingResource.class, SlugResource.class)
                        .withMapping(NoSuchThingException.class, 404)
                        .withMapping(ThingGoneException.class, 410)
                        .withMapping(DownstreamException.class, 503))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        HealthCheck.bind(binder()).toInstance(new HealthCheck() {
                            @Override
                            public String name() {
                                return "switch";
                            }

                            @Override
                            public Future<HealthResult> check() {
                                return Future.succeededFuture(
                                        HEALTHY.get() ? HealthResult.up() : HealthResult.down("switched off"));
                            }
                        });
                    }
                })
                .start();
        http = new Http(app.instance(RestServer.class).port());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Nested
    class ReturnTypesAndThreads {

        @Test
        void singleRunsOnTheEventLoop() {
            final UUID id = UUID.randomUUID();
            final HttpResponse<String> response = http.get("/things/" + id);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
            assertThat(response.headers().firstValue("Server")).contains("jZenith");
            assertThat(response.headers().firstValue("Date")).isPresent();
            assertThat(response.body())
                    .contains(
                            "\"id\":\"" + id + "\"",
                            "\"name\":\"hello single\"",
                            "\"thread\":\"vert.x-eventloop-thread-");
        }

        @Test
        void aPlainValueRunsOnAVirtualThread() {
            assertThat(http.get("/things/numbered/7").body())
                    .contains("\"name\":\"plain 7\"", "\"thread\":\"virtual\"");
        }

        @Test
        void annotationsOverrideTheThread() {
            assertThat(http.get("/things/threads/blocking").body()).startsWith("\"vert.x-worker-thread-");
            assertThat(http.get("/things/threads/nonblocking").body()).startsWith("\"vert.x-eventloop-thread-");
            assertThat(http.get("/things/threads/virtual").body()).isEqualTo("\"virtual\"");
        }

        @Test
        void responseSetsStatusAndHeaders() {
            final HttpResponse<String> response =
                    http.send("POST", "/things", "{\"name\":\"box\",\"size\":3}", "Content-Type", "application/json");
            assertThat(response.statusCode()).isEqualTo(201);
            assertThat(response.headers().firstValue("Location"))
                    .hasValueSatisfying(l -> assertThat(l).contains("/things/"));
            assertThat(response.body()).contains("\"name\":\"box\"");
        }

        @Test
        void completionStageAndVertxFuture() {
            final UUID id = UUID.randomUUID();
            assertThat(http.send("PUT", "/things/" + id, "{\"name\":\"put\"}", "Content-Type", "application/json")
                            .body())
                    .contains("\"name\":\"put\"", "\"thread\":\"vert.x-eventloop-thread-");
            assertThat(http.send("PATCH", "/things/" + id, "{\"name\":\"patched\"}", "Content-Type", "application/json")
                            .body())
                    .contains("\"name\":\"patched\"");
        }

        @Test
        void voidAndCompletableAreNoContent() {
            assertThat(http.send("DELETE", "/things/" + UUID.randomUUID(), null).statusCode())
                    .isEqualTo(204);
            assertThat(http.get("/things/completable").statusCode()).isEqualTo(204);
        }

        @Test
        void emptyOptionalAndMaybeAreNotFound() {
            assertThat(http.get("/things/optional/true").statusCode()).isEqualTo(200);
            assertThat(http.get("/things/optional/false").statusCode()).isEqualTo(404);
            assertThat(http.get("/things/maybe/true").body()).contains("\"name\":\"maybe\"");
            final HttpResponse<String> empty = http.get("/things/maybe/false");
            assertThat(empty.statusCode()).isEqualTo(404);
            assertThat(empty.headers().firstValue("Content-Type")).contains("application/problem+json");
            assertThat(empty.body())
                    .as("an empty result is told apart from a route that does not exist")
                    .contains("Nothing exists at /things/maybe/false (the request found no result)")
                    .isNotEqualTo(http.get("/no/such/route").body());
        }

        @Test
        void anObservableThatOutrunsTheClientIsCutOffInsteadOfBufferedWithoutBound() throws Exception {
            final HttpResponse<String> small = http.get("/things/observable/5000");
            assertThat(small.statusCode()).isEqualTo(200);
            assertThat(small.body()).startsWith("[0,1,2,").endsWith(",4999]");

            // A client that does not read: the server's write queue fills, the Observable (which
            // cannot be slowed) runs past the bound, and the response is cut off, so the client
            // sees an incomplete array and the end of the connection rather than a hang.
            try (Socket socket =
                    new Socket("127.0.0.1", app.instance(RestServer.class).port())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream()
                        .write("GET /things/observable/5000000 HTTP/1.1\r\nHost: test\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                // Read only once the server has cut the response off: its timer then counts it.
                final MeterRegistry registry = app.instance(MeterRegistry.class);
                Eventually.until(
                        Duration.ofSeconds(10),
                        "the server cut the unread response off",
                        () ->
                                registry
                                                .find("http.server.requests")
                                                .tag("uri", "/things/observable/{count}")
                                                .timers()
                                                .stream()
                                                .mapToLong(Timer::count)
                                                .sum()
                                        >= 2);
                final byte[] received = socket.getInputStream().readAllBytes();
                final String tail = new String(
                        received,
                        Math.max(0, received.length - 32),
                        Math.min(32, received.length),
                        StandardCharsets.US_ASCII);
                assertThat(received.length).isLessThan(5_000_000 * 7);
                assertThat(tail).doesNotEndWith("4999999]");
            }
        }

        @Test
        void flowableAndObservableStreamAJsonArray() {
            final HttpResponse<String> response = http.get("/things/flowable?count=40");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).startsWith("[{").endsWith("}]").contains("\"item 39\"");
            assertThat(http.get("/things/flowable?count=0").body()).isEqualTo("[]");
            assertThat(http.get("/things/observable").body()).isEqualTo("[\"a\",\"b\"]");
            assertThat(http.get("/things/flowable-failing").statusCode()).isEqualTo(404);
        }

        @Test
        void textAndNegotiation() {
            final HttpResponse<String> text = http.get("/things/text");
            assertThat(text.body()).isEqualTo("plain text");
            assertThat(text.headers().firstValue("Content-Type")).contains("text/plain;charset=utf-8");
            assertThat(http.get("/things/negotiated", "Accept", "text/plain")
                            .headers()
                            .firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
            assertThat(http.get("/things/negotiated", "Accept", "application/json")
                            .headers()
                            .firstValue("Content-Type"))
                    .contains("application/json");
            assertThat(http.get("/things/text", "Accept", "application/xml").statusCode())
                    .isEqualTo(406);
        }
    }

    @Nested
    class Parameters {

        @Test
        void queryParametersWithDefaultsListsEnumsAndOptionals() {
            assertThat(http.get("/things").body())
                    .contains("\"limit\":10", "\"tags\":[]", "\"sort\":\"ASC\"", "\"query\":\"none\"");
            assertThat(http.get("/things?limit=5&tag=a&tag=b&sort=DESC&q=find").body())
                    .contains("\"limit\":5", "\"tags\":[\"a\",\"b\"]", "\"sort\":\"DESC\"", "\"query\":\"find\"");
            assertThat(http.get("/things/threads/set?v=b&v=a&v=b").body()).isEqualTo("[\"b\",\"a\"]");
        }

        @Test
        void headersCookiesAndContext() {
            final String body = http.get(
                            "/things/echo?x=1", "X-Number", "42", "Cookie", "session=abc", "X-Agent", "tests")
                    .body();
            assertThat(body)
                    .contains(
                            "\"number\":\"42\"",
                            "\"session\":\"abc\"",
                            "\"agent\":\"tests\"",
                            "\"path\":\"things/echo\"")
                    .contains("x=[1]");
        }

        @Test
        void formParameters() {
            final HttpResponse<String> response = http.send(
                    "POST", "/things/form", "name=box&count=3", "Content-Type", "application/x-www-form-urlencoded");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("box x3");
        }

        @Test
        void beanParameters() {
            assertThat(http.get("/things/page?offset=20", "X-Tenant", "acme").body())
                    .isEqualTo("{\"offset\":20,\"limit\":10,\"tenant\":\"acme\"}");
        }
    }

    @Nested
    class BadInput {

        @Test
        void anUnparsablePathParameterIs400() {
            final HttpResponse<String> response = http.get("/things/not-a-uuid");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
            assertThat(response.body())
                    .contains("\"status\":400", "\"title\":\"Bad Request\"")
                    .contains("path parameter 'id': expected a UUID, got \\\"not-a-uuid\\\"");
        }

        @Test
        void anUnparsableQueryParameterIs400() {
            assertThat(http.get("/things?limit=ten").body()).contains("query parameter 'limit': expected");
            assertThat(http.get("/things?sort=UP").statusCode()).isEqualTo(400);
            assertThat(http.get("/things/echo", "X-Number", "many").statusCode())
                    .isEqualTo(400);
        }

        @Test
        void aRegexThatDoesNotMatchIsNotFound() {
            assertThat(http.get("/things/numbered/abc").statusCode()).isEqualTo(404);
        }

        @Test
        void constraintsOnParametersAndBodiesListViolations() {
            final HttpResponse<String> limit = http.get("/things?limit=1000");
            assertThat(limit.statusCode()).isEqualTo(400);
            assertThat(limit.body())
                    .contains(
                            "\"violations\":[{\"field\":\"limit\",\"message\":\"must be less than or equal to 100\"}]");

            final HttpResponse<String> body =
                    http.send("POST", "/things", "{\"name\":\"  \"}", "Content-Type", "application/json");
            assertThat(body.statusCode()).isEqualTo(400);
            assertThat(body.body()).contains("{\"field\":\"name\",\"message\":\"must not be blank\"}");
        }

        @Test
        void malformedJsonSaysWhereItBroke() {
            final HttpResponse<String> response =
                    http.send("POST", "/things", "{\"name\": \"box\",,}", "Content-Type", "application/json");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("malformed JSON at line 1, column 16");
        }

        @Test
        void aFieldOfTheWrongTypeIsNamed() {
            final HttpResponse<String> response = http.send(
                    "POST", "/things", "{\"name\":\"box\",\"size\":\"big\"}", "Content-Type", "application/json");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains("field 'size'").doesNotContain("org.jzenith");
        }

        @Test
        void aMissingBodyIs400() {
            assertThat(http.send("PUT", "/things/" + UUID.randomUUID(), null, "Content-Type", "application/json")
                            .body())
                    .contains("a JSON body is required");
        }

        @Test
        void aWrongContentTypeIs415() {
            assertThat(http.send("POST", "/things", "name=box", "Content-Type", "text/plain")
                            .statusCode())
                    .isEqualTo(415);
            assertThat(http.send("PUT", "/things/" + UUID.randomUUID(), "x", "Content-Type", "text/plain")
                            .statusCode())
                    .isEqualTo(415);
        }

        @Test
        void anUnknownRouteIs404() {
            final HttpResponse<String> response = http.get("/nothing/here");
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).contains("\"detail\":\"No resource exists at /nothing/here\"");
        }

        @Test
        void aWrongMethodIs405WithAllow() {
            final HttpResponse<String> response = http.send("DELETE", "/things", null);
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).contains("GET, HEAD, OPTIONS, POST");
        }

        @Test
        void optionsAndHeadAreAnswered() {
            final HttpResponse<String> options = http.send("OPTIONS", "/things/" + UUID.randomUUID(), null);
            assertThat(options.statusCode()).isEqualTo(200);
            assertThat(options.headers().firstValue("Allow")).contains("DELETE, GET, HEAD, OPTIONS, PATCH, PUT");
            assertThat(options.body()).isEqualTo("DELETE, GET, HEAD, OPTIONS, PATCH, PUT");
            final HttpResponse<String> head = http.send("HEAD", "/things/text", null);
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.body()).isEmpty();
        }

        /**
         * Jakarta REST 3.1, §3.3.5: an automatic answer "using the metadata provided by the JAX-RS
         * annotations"; as Jersey without WADL, the methods as text/plain only for a client that takes
         * it, else 204 with Allow alone.
         */
        @Test
        void optionsAnswersTextOnlyToAClientThatTakesIt() {
            final String path = "/things/" + UUID.randomUUID();
            final HttpResponse<String> json = http.send("OPTIONS", path, null, "Accept", "application/json");
            final HttpResponse<String> text = http.send("OPTIONS", path, null, "Accept", "text/plain");
            final HttpResponse<String> any = http.send("OPTIONS", path, null, "Accept", "*/*");

            assertThat(json.statusCode()).isEqualTo(204);
            assertThat(json.headers().firstValue("Allow")).contains("DELETE, GET, HEAD, OPTIONS, PATCH, PUT");
            assertThat(json.headers().firstValue("Content-Type")).isEmpty();
            assertThat(json.body()).isEmpty();
            assertThat(text.statusCode()).isEqualTo(200);
            assertThat(text.body()).isEqualTo("DELETE, GET, HEAD, OPTIONS, PATCH, PUT");
            assertThat(any.statusCode()).isEqualTo(200);
        }

        @Test
        void anOversizedBodyIs413() {
            final String big = "{\"name\":\"" + "x".repeat(4096) + "\"}";
            final HttpResponse<String> response = http.send("POST", "/things", big, "Content-Type", "application/json");
            assertThat(response.statusCode()).isEqualTo(413);
            assertThat(response.body()).contains("rest.max-body-size");
        }
    }

    @Nested
    class Errors {

        @Test
        void mappedExceptionsTakeTheMostSpecificMapping() {
            final HttpResponse<String> missing = http.get("/things/missing");
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(missing.body()).contains("\"detail\":\"No thing here\"");
            assertThat(http.get("/things/gone").statusCode()).isEqualTo(410);
            assertThat(http.send("DELETE", "/things/" + new UUID(0, 5), null).statusCode())
                    .isEqualTo(404);
        }

        @Test
        void aMappedServerStatusSaysNothingInternal() {
            final HttpResponse<String> response = http.get("/things/downstream");
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.headers().firstValue("X-Request-Id")).isPresent();
            assertThat(response.body())
                    .contains("A service this request needs is unavailable; try again later")
                    .doesNotContain("10.1.2.3");
        }

        @Test
        void aWebApplicationExceptionKeepsItsStatus() {
            final HttpResponse<String> response = http.get("/things/conflict");
            assertThat(response.statusCode()).isEqualTo(409);
            assertThat(response.body()).contains("\"detail\":\"Already there\"");
        }

        @Test
        void anUnmappedExceptionIs500WithARequestIdAndNothingInternal() {
            final HttpResponse<String> response = http.get("/things/boom");
            assertThat(response.statusCode()).isEqualTo(500);
            final String requestId =
                    response.headers().firstValue("X-Request-Id").orElseThrow();
            assertThat(response.body())
                    .contains("\"requestId\":\"" + requestId + "\"")
                    .doesNotContain("secret internal detail", "IllegalStateException", "at org.");
            assertThat(http.get("/things/boom", "X-Request-Id", "trace-123")
                            .headers()
                            .firstValue("X-Request-Id"))
                    .contains("trace-123");
        }
    }

    @Nested
    class Corners {

        @Test
        void aRootTemplateDoesNotHideTheBuiltInsAndAnnotationsOnTheImplementationWin() {
            assertThat(http.get("/health").body()).contains("\"status\":\"UP\"");
            assertThat(http.get("/anything").body()).startsWith("\"anything on vert.x-worker-thread-");
        }

        @Test
        void aResponseInsideAReactiveTypeIsWrittenAsAResponse() {
            final HttpResponse<String> response = http.get("/wrapped/response");
            assertThat(response.statusCode()).isEqualTo(202);
            assertThat(response.headers().firstValue("X-Wrapped")).contains("yes");
            assertThat(response.body()).isEqualTo("\"accepted\"");
        }

        @Test
        void aWebApplicationExceptionKeepsItsHeaders() {
            final HttpResponse<String> response = http.get("/redirect/away");
            assertThat(response.statusCode()).isEqualTo(303);
            assertThat(response.headers().firstValue("Location")).contains("http://example.org/elsewhere");
        }

        @Test
        void anErrorOnAVirtualThreadIsStillAnswered() {
            final HttpResponse<String> response = http.get("/error/assertion");
            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).doesNotContain("virtual thread");
        }

        @Test
        void keepsConnectionsAliveAndAnswersPipelinedRequestsInOrder() throws Exception {
            try (Socket socket =
                    new Socket("127.0.0.1", app.instance(RestServer.class).port())) {
                socket.setSoTimeout(5_000);
                final String request = "GET /things/text HTTP/1.1\r\nHost: localhost\r\n\r\n";
                final String second = "GET /things/numbered/2 HTTP/1.1\r\nHost: localhost\r\n\r\n";
                socket.getOutputStream().write((request + second).getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                final StringBuilder received = new StringBuilder();
                final byte[] buffer = new byte[4096];
                while (!received.toString().contains("plain 2")) {
                    final int read = socket.getInputStream().read(buffer);
                    assertThat(read).as("connection open; got %s", received).isPositive();
                    received.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
                }
                final String answers = received.toString();
                assertThat(answers.indexOf("plain text")).isLessThan(answers.indexOf("plain 2"));
                assertThat(answers.split("HTTP/1.1 200 OK", -1)).hasSize(3);
                assertThat(answers).doesNotContainIgnoringCase("connection: close");
            }
        }

        @Test
        void aBodyWithoutContentTypeIsToldWhatToSend() {
            final HttpResponse<String> response = http.send("POST", "/things", "{\"name\":\"x\"}");
            assertThat(response.statusCode()).isEqualTo(415);
            assertThat(response.body()).contains("The request has no Content-Type");
        }
    }

    @Nested
    class BuiltIns {

        @Test
        void healthIsUpOrDownWithEachCheck() {
            final HttpResponse<String> up = http.get("/health");
            assertThat(up.statusCode()).isEqualTo(200);
            assertThat(up.body()).isEqualTo("{\"status\":\"UP\",\"checks\":[{\"name\":\"switch\",\"status\":\"UP\"}]}");
            assertThat(http.get("/health/ready").statusCode()).isEqualTo(200);
            HEALTHY.set(false);
            try {
                final HttpResponse<String> down = http.get("/health/ready");
                assertThat(down.statusCode()).isEqualTo(503);
                // Why it is down is for operators (the management port), not for API callers.
                assertThat(down.body())
                        .isEqualTo("{\"status\":\"DOWN\",\"checks\":[{\"name\":\"switch\",\"status\":\"DOWN\"}]}");
                assertThat(http.get("/health/live").statusCode()).isEqualTo(200);
            } finally {
                HEALTHY.set(true);
            }
        }

        @Test
        void builtInRoutesAnswerHeadAndName405sAllowedMethods() {
            for (final String path : new String[] {"/health", "/health/ready", "/metrics"}) {
                final HttpResponse<String> head = http.send("HEAD", path, null);
                assertThat(head.statusCode()).as(path).isEqualTo(200);
                assertThat(head.body()).as(path).isEmpty();
                final HttpResponse<String> delete = http.send("DELETE", path, null);
                assertThat(delete.statusCode()).as(path).isEqualTo(405);
                // (/{slug} of SlugApi matches /health and /metrics too: its methods are allowed there as well)
                assertThat(delete.headers().firstValue("Allow").orElse("").split(", "))
                        .as(path)
                        .contains("GET", "HEAD");
            }
        }

        @Test
        void metricsAreTaggedByRouteTemplate() {
            http.get("/things/" + UUID.randomUUID());
            http.get("/things/numbered/7"); // on a virtual thread
            http.get("/things?limit=many"); // 400 while binding
            http.get("/things/boom"); // 500 from the method
            final HttpResponse<String> metrics = http.get("/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
            assertThat(metrics.body())
                    .contains("http_server_requests_seconds_count{method=\"GET\",status=\"200\",uri=\"/things/{id}\"}")
                    .contains(
                            "http_server_requests_seconds_count{method=\"GET\",status=\"200\",uri=\"/things/numbered/{n: [0-9]+}\"}")
                    .contains("http_server_requests_seconds_count{method=\"GET\",status=\"400\",uri=\"/things\"}")
                    .contains("http_server_requests_seconds_count{method=\"GET\",status=\"500\",uri=\"/things/boom\"}")
                    .contains("jvm_memory_used_bytes");
        }

        @Test
        void aHeadAnsweredByAGetRouteIsCountedAsHead() {
            final String id = UUID.randomUUID().toString();
            assertThat(http.send("HEAD", "/things/" + id, null).statusCode()).isEqualTo(200);
            assertThat(http.get("/metrics").body())
                    .contains(
                            "http_server_requests_seconds_count{method=\"HEAD\",status=\"200\",uri=\"/things/{id}\"}");
        }
    }
}
