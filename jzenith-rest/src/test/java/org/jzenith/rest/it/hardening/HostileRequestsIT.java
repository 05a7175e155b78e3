package org.jzenith.rest.it.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/**
 * The run of hostile requests of issue 34, sent as raw bytes to a service with a JSON body, a path
 * parameter and a query parameter: slow heads, connections that go away mid-body or with pipelined
 * requests unanswered, bad encodings, bad framing, oversized heads, and expectations the server does
 * not meet. Each request that was not cut off gets a 4xx; nothing is logged at ERROR, before or
 * while the service stops. Vert.x Web answered an {@code Expect: 200-ok} with a bare 417 and logged
 * "Unhandled exception in router" at ERROR, naming nothing.
 */
class HostileRequestsIT {

    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static final String JSON = "Content-Type: application/json\r\n";
    private static final String PERSON = "{\"name\":\"Ada\",\"age\":36}";
    private static PrintStream originalErr;
    private static Served served;

    /** A body, a path parameter and a query parameter to be hostile to. */
    @Path("/hostile")
    @Produces(MediaType.APPLICATION_JSON)
    public static class Target {

        public record Person(String name, int age) {}

        @GET
        public Person find(@QueryParam("age") final int age) {
            return new Person("Ada", age);
        }

        @POST
        @Consumes(MediaType.APPLICATION_JSON)
        public Person create(final Person person) {
            return person;
        }

        @PUT
        @Path("/{id}")
        @Consumes(MediaType.APPLICATION_JSON)
        public Person update(@PathParam("id") final UUID id, final Person person) {
            return person;
        }
    }

    @BeforeAll
    static void start() {
        // slf4j-simple writes to System.err, Vert.x's own logging included: captured to find ERROR lines.
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeStream(originalErr, LOG), true, StandardCharsets.UTF_8));
        served = Served.start(RestPlugin.withResources(Target.class), "--rest.limits.header-timeout=1s");
    }

    @AfterAll
    static void stop() {
        // Stopping closes whatever connection the server had not seen go yet, and runs what is queued
        // on its event loops: every failure the requests above caused is logged by now.
        served.close();
        System.setErr(originalErr);
        assertThat(LOG.toString(StandardCharsets.UTF_8))
                .as("the log of the hostile run")
                .doesNotContain("ERROR")
                .doesNotContain("Unhandled exception")
                .doesNotContain("\tat ");
    }

    private static RawHttp exchange(final String request) {
        return RawHttp.exchange(served.port(), request.getBytes(StandardCharsets.ISO_8859_1), 2000);
    }

    private static String post(final String path, final String headers, final String body) {
        return "POST " + path + " HTTP/1.1\r\nHost: t\r\n" + headers + "\r\n" + body;
    }

    @Test
    void anExpectationOtherThan100ContinueIs417SayingWhichAndClosesTheConnection() {
        for (final String expectation : new String[] {"200-ok", "100-continue-please", "x"}) {
            final RawHttp answer = exchange(post(
                    "/hostile",
                    JSON + "Expect: " + expectation + "\r\nContent-Length: " + PERSON.length() + "\r\n",
                    PERSON));
            assertThat(answer.status()).as(expectation).isEqualTo(417);
            assertThat(answer.text())
                    .as(expectation)
                    .contains("application/problem+json")
                    .contains("\"detail\":\"The request expects \\\"" + expectation + "\\\", which this server does"
                            + " not meet: the only expectation it knows is 100-continue (RFC 9110, section 10.1.1)\"")
                    .contains("\"instance\":\"/hostile\"");
            assertThat(answer.responses())
                    .as("the unread body is not taken for a request")
                    .isEqualTo(1);
            assertThat(answer.closed()).as(expectation).isTrue();
        }
    }

    @Test
    void aBodyRefusedBefore100ContinueClosesTheConnection() {
        // The client waits for 100 Continue, gets 415 instead, and sends no body: the server closes at once.
        final long started = System.nanoTime();
        final RawHttp answer = exchange(
                post("/hostile", "Content-Type: text/plain\r\nExpect: 100-continue\r\nContent-Length: 14\r\n", ""));
        assertThat(answer.status()).isEqualTo(415);
        assertThat(answer.text()).containsIgnoringCase("connection: close");
        assertThat(answer.closed()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void badEncodingsInThePathAndTheQueryAre400() {
        final String[] targets = {
            "/hostile/%zz", // a malformed escape
            "/hostile/%ff%fe", // escapes that are not UTF-8
            "/hostile/\u00ff\u00fe", // raw bytes that are not UTF-8
            "/hostile/not-a-uuid",
            "/hostile?age=%zz",
            "/hostile?age=%C0%AF", // an overlong UTF-8 encoding of /
            "/hostile?age=many",
        };
        for (final String target : targets) {
            final String method = target.startsWith("/hostile/") ? "PUT" : "GET";
            final String body = method.equals("PUT") ? JSON + "Content-Length: " + PERSON.length() + "\r\n" : "";
            final RawHttp answer = exchange(method + " " + target + " HTTP/1.1\r\nHost: t\r\n" + body
                    + "Connection: close\r\n\r\n" + (method.equals("PUT") ? PERSON : ""));
            assertThat(answer.status()).as(target).isEqualTo(400);
            assertThat(answer.text()).as(target).contains("application/problem+json");
        }
    }

    @Test
    void rawUtf8InTheQueryIsReadAsUtf8AndOtherRawBytesAre400() {
        // "５" (U+FF15) sent as its three UTF-8 bytes, not percent-encoded, as curl -g sends it
        final RawHttp fullwidth =
                exchange("GET /hostile?age=\u00ef\u00bc\u0095 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        assertThat(fullwidth.status()).isEqualTo(400);
        final String utf8 = new String(fullwidth.text().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        assertThat(utf8).contains("expected an integer, got").contains("\uff15").doesNotContain("\u00ef");
        final RawHttp notUtf8 = exchange("GET /hostile?age=\u00ff HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        assertThat(notUtf8.status()).isEqualTo(400);
        assertThat(notUtf8.text()).contains("not percent-encoded and not UTF-8");
    }

    @Test
    void badBodiesAre4xx() {
        final String[][] cases = {
            {JSON, "{\"name\":\"\u00ff\u00fe\",\"age\":1}"}, // not UTF-8
            {JSON, "{\"name\":"}, // cut short
            {JSON + "Content-Encoding: gzip\r\n", "abcd"},
            {"Content-Type: ;;;\r\n", PERSON},
        };
        for (final String[] sent : cases) {
            final RawHttp answer = exchange(post(
                    "/hostile",
                    sent[0] + "Content-Length: " + sent[1].length() + "\r\nConnection: close\r\n",
                    sent[1]));
            assertThat(answer.status()).as(sent[0] + sent[1]).isBetween(400, 499);
        }
    }

    @Test
    void oversizedHeadsAre414And431() {
        assertThat(exchange("GET /hostile?" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: t\r\n\r\n")
                        .status())
                .isEqualTo(414);
        assertThat(exchange("GET /hostile HTTP/1.1\r\nHost: t\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n")
                        .status())
                .isEqualTo(431);
        final StringBuilder many = new StringBuilder("GET /hostile HTTP/1.1\r\nHost: t\r\n");
        for (int i = 0; i < 2_000; i++) {
            many.append("X-H").append(i).append(": v\r\n");
        }
        assertThat(exchange(many + "\r\n").status()).isEqualTo(431);
    }

    @Test
    void aMalformedChunkClosesTheConnectionAndAnyAnswerIs400() {
        // Vert.x closes the connection as soon as it cannot decode a chunk; where it answers, it is 400.
        for (final String chunks : new String[] {"zz\r\n{}\r\n0\r\n\r\n", "2\r\n{}XX0\r\n\r\n"}) {
            final RawHttp answer = exchange(post("/hostile", JSON + "Transfer-Encoding: chunked\r\n", chunks));
            assertThat(answer.closed()).as(chunks).isTrue();
            assertThat(answer.status()).as(chunks).isIn(0, 400);
        }
    }

    @Test
    void aHeadThatNeverEndsIs408() {
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.setSoTimeout(10_000);
            final OutputStream out = socket.getOutputStream();
            out.write("GET /hostile HTTP/1.1\r\nHost: t\r\nX-Slow: a".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // Nothing more is sent: the server ends it after rest.limits.header-timeout.
            final RawHttp answer = RawHttp.read(socket.getInputStream());
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.closed()).isTrue();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aBodyThatStallsIs408() {
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.setSoTimeout(10_000);
            final OutputStream out = socket.getOutputStream();
            out.write(("POST /hostile HTTP/1.1\r\nHost: t\r\n" + JSON + "Content-Length: 100\r\n\r\n{\"na")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // Nothing more is sent: once rest.limits.header-timeout has passed, 5 bytes are below the minimum rate.
            final RawHttp answer = RawHttp.read(socket.getInputStream());
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.text()).contains("The request body arrived too slowly");
            assertThat(answer.closed()).isTrue();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aBodySentAByteNowAndThenIs408() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.setSoTimeout(10_000);
            final OutputStream out = socket.getOutputStream();
            out.write(("POST /hostile HTTP/1.1\r\nHost: t\r\n" + JSON + "Content-Length: 100\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // A byte every 200 ms keeps the connection from ever being idle; the body is still too slow.
            final long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(8);
            try {
                while (System.nanoTime() < deadline && socket.getInputStream().available() == 0) {
                    out.write(' ');
                    out.flush();
                    Thread.sleep(200);
                }
            } catch (final IOException closed) {
                // the server answered and closed while a byte was on its way
            }
            final RawHttp answer = RawHttp.read(socket.getInputStream());
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.closed()).isTrue();
        }
    }

    @Test
    void clientsThatGoAwayMidBodyOrMidPipelineAreNoError() throws IOException {
        final String partOfABody = post("/hostile", JSON + "Content-Length: 100\r\n", "{\"name\":");
        final String partOfAChunk = post("/hostile", JSON + "Transfer-Encoding: chunked\r\n", "20\r\n{\"name\":");
        final String pipelined = ("GET /hostile?age=1 HTTP/1.1\r\nHost: t\r\n\r\n").repeat(50)
                + post("/hostile", JSON + "Content-Length: " + PERSON.length() + "\r\n", PERSON)
                        .repeat(20);
        for (final String request : new String[] {partOfABody, partOfAChunk, pipelined}) {
            goAway(request, false);
            goAway(request, true);
        }
        // The server still answers, on a new connection.
        assertThat(exchange("GET /hostile?age=2 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                        .status())
                .isEqualTo(200);
    }

    /**
     * Sends {@code request} and leaves: with a reset when {@code reset}, or else by closing its side
     * and reading until the server has closed its own, so that the server has seen it go.
     */
    private static void goAway(final String request, final boolean reset) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            if (reset) {
                socket.setSoLinger(true, 0); // close sends RST, not FIN
                return;
            }
            socket.shutdownOutput();
            socket.setSoTimeout(10_000);
            assertThat(RawHttp.read(socket.getInputStream()).closed())
                    .as("the server closed its side")
                    .isTrue();
        }
    }
}
