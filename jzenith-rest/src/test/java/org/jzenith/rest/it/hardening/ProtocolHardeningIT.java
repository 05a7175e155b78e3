package org.jzenith.rest.it.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/**
 * The hostile and malformed requests of issue 12, sent as raw bytes: each gets the answer RFC 9110
 * and 9112 ask for, as a problem document where an answer can be sent, and no ERROR is logged.
 */
class ProtocolHardeningIT {

    private static final String JSON = "Content-Type: application/json\r\n";
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static PrintStream originalErr;
    private static Served served;

    @BeforeAll
    static void start() {
        // slf4j-simple writes to System.err: capture it, to see that no client mistake logs an ERROR.
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeStream(originalErr, LOG), true, StandardCharsets.UTF_8));
        served = Served.start(RestPlugin.withResources(Echo.class), "--rest.limits.header-timeout=1s");
    }

    @AfterAll
    static void stop() {
        served.close();
        System.setErr(originalErr);
        assertThat(LOG.toString(StandardCharsets.UTF_8)).doesNotContain("ERROR").doesNotContain("\tat ");
    }

    private static RawHttp post(final String headers, final String body) {
        return RawHttp.exchange(served.port(), "POST /echo HTTP/1.1\r\nHost: test\r\n" + headers + "\r\n" + body, 1000);
    }

    @Test
    void contentLengthWithChunkedIsRefusedAndTheConnectionClosed() {
        final RawHttp answer = post(
                JSON + "Content-Length: 26\r\nTransfer-Encoding: chunked\r\n",
                "1a\r\n{\"name\":\"Ada\",\"age\":36}   \r\n0\r\n\r\n");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.text())
                .contains("application/problem+json")
                .contains("\"detail\":\"The request has both Content-Length and Transfer-Encoding, which HTTP/1.1"
                        + " does not allow (RFC 9112, section 6.1): send one of them\"")
                .contains("\"instance\":\"/echo\"");
        assertThat(answer.closed()).isTrue();
    }

    @Test
    void anUnknownTransferEncodingIsRefused() {
        final RawHttp answer =
                post(JSON + "Content-Length: 23\r\nTransfer-Encoding: xchunked\r\n", "{\"name\":\"Ada\",\"age\":36}");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.text())
                .contains("\"detail\":\"The request's Transfer-Encoding is not supported: its last coding must be"
                        + " chunked\"")
                .contains("\"instance\":\"/echo\"");
        assertThat(answer.closed()).isTrue();
    }

    @Test
    void eachMalformedHeadSaysWhatWasWrong() {
        final String[][] cases = {
            {
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
                "The request has more than one Content-Length value",
                "/echo"
            },
            {
                "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n{}",
                "The request's Content-Length is not a number",
                "/echo"
            },
            {
                "GET /echo HTTP/1.1\r\nHost: t\r\nBad Name: x\r\n\r\n",
                "A header name holds a character a name may not have, such as a space or a control character",
                "/echo"
            },
            {
                "GET /echo HTTP/1.1\r\nHost: t\r\nNoColon\r\n\r\n",
                "A header line has no colon; each header is name: value",
                "/echo"
            },
            {
                "GET /echo HTTP/1.1 extra\r\nHost: t\r\n\r\n",
                "The request line is not a method, a target and HTTP/1.1, separated by single spaces",
                "/"
            },
            {
                "GET /echo HTTP/1.1\nHost: t\n\n",
                "A line of the request ends in a bare line feed; HTTP/1.1 ends lines with CR LF",
                "/"
            },
        };
        for (final String[] sent : cases) {
            final RawHttp answer = RawHttp.exchange(served.port(), sent[0], 1000);
            assertThat(answer.status()).as(sent[0]).isEqualTo(400);
            assertThat(answer.text())
                    .as(sent[0])
                    .contains("\"detail\":\"" + sent[1] + "\"")
                    .contains("\"instance\":\"" + sent[2] + "\"");
            assertThat(answer.closed()).as(sent[0]).isTrue();
        }
    }

    @Test
    void aFoldedLineRightAfterTheRequestLineIsRefusedSayingSo() {
        final String detail = "A header line begins with a space or a tab: an obsolete folded line (obs-fold, RFC 9112"
                + " section 5.2), which this server does not accept; send each header on one line as name: value";
        for (final String folded : new String[] {" Host: t", "\tHost: t", " X-Folded: yes\r\nHost: t"}) {
            final String request = "GET /echo HTTP/1.1\r\n" + folded + "\r\n\r\n";
            final RawHttp answer = RawHttp.exchange(served.port(), request, 1000);
            assertThat(answer.status()).as(request).isEqualTo(400);
            assertThat(answer.text())
                    .as(request)
                    .contains("application/problem+json")
                    .contains("\"detail\":\"" + detail + "\"")
                    .contains("\"instance\":\"/echo\"");
            assertThat(answer.closed()).as(request).isTrue();
        }
    }

    @Test
    void aFoldedLineAfterAHeaderIsJoinedToItAsTheRfcAllows() {
        final RawHttp answer = RawHttp.exchange(
                served.port(),
                "POST /echo HTTP/1.1\r\nHost: t\r\n" + JSON + "X-Note: one\r\n two\r\nContent-Length: 2\r\n"
                        + "Connection: close\r\n\r\n{}",
                1000);
        assertThat(answer.status()).isEqualTo(200);
    }

    @Test
    void aChunkExtensionIsIgnoredAsTheRfcSays() {
        final RawHttp answer = post(
                JSON + "Transfer-Encoding: chunked\r\nConnection: close\r\n",
                "17;foo=bar\r\n{\"name\":\"Ada\",\"age\":36}\r\n0\r\n\r\n");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.text()).contains("\"name\":\"Ada\"");
    }

    @Test
    void malformedChunkSizesAre400AndTheConnectionClosed() {
        // sizes that are not hexadecimal, too large, or smaller than the data that follows
        for (final String size : new String[] {"zz", "-5", "ffffffffffffffffffff", "3"}) {
            final RawHttp answer =
                    post(JSON + "Transfer-Encoding: chunked\r\n", size + "\r\n{\"name\":\"Ada\"}\r\n0\r\n\r\n");
            assertThat(answer.status()).as(size).isEqualTo(400);
            assertThat(answer.text()).as(size).contains("The chunked body is malformed");
            assertThat(answer.closed()).as(size).isTrue();
        }
    }

    @Test
    void aLaterMinorVersionIsServedAsHttp11AndAnotherProtocolIs400() {
        for (final String version : new String[] {"HTTP/1.2", "HTTP/1.10", "HTTP/01.1", "http/1.1"}) {
            final RawHttp later = RawHttp.exchange(
                    served.port(), "GET /echo " + version + "\r\nHost: t\r\nConnection: close\r\n\r\n", 1000);
            assertThat(later.status()).as(version).isEqualTo(200);
            assertThat(later.text()).as(version).startsWith("HTTP/1.1 200");
        }
        for (final String protocol : new String[] {"FOO/1.1", "HTTPS/1.1"}) {
            final RawHttp answer =
                    RawHttp.exchange(served.port(), "GET /echo " + protocol + "\r\nHost: t\r\n\r\n", 1000);
            assertThat(answer.status()).as(protocol).isEqualTo(400);
            assertThat(answer.text()).as(protocol).startsWith("HTTP/1.1 400").contains("must end in HTTP/1.1");
            assertThat(answer.closed()).as(protocol).isTrue();
        }
    }

    @Test
    void anHttp2ClientWithPriorKnowledgeIsToldInFramesThatHttp11IsRequired() {
        final RawHttp answer = RawHttp.exchange(served.port(), "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 1000);
        final byte[] frames = answer.text().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(frames[3]).as("a SETTINGS frame first: the server's preface").isEqualTo((byte) 0x4);
        assertThat(frames[9 + 3]).as("then GOAWAY").isEqualTo((byte) 0x7);
        assertThat(java.nio.ByteBuffer.wrap(frames, 9 + 9 + 4, 4).getInt())
                .as("HTTP_1_1_REQUIRED")
                .isEqualTo(0xd);
        assertThat(answer.text()).contains("rest.http2.cleartext");
        assertThat(answer.closed()).isTrue();
    }

    @Test
    void anotherHttpVersionOnAnHttp1ConnectionIs505() {
        for (final String version : new String[] {"HTTP/2.0", "HTTP/3.0"}) {
            final RawHttp answer = RawHttp.exchange(
                    served.port(),
                    "GET /echo " + version + "\r\nHost: t\r\n\r\nGET /echo HTTP/1.1\r\nHost: t\r\n\r\n",
                    1000);
            assertThat(answer.status()).as(version).isEqualTo(505);
            assertThat(answer.text()).contains("application/problem+json");
            assertThat(answer.responses())
                    .as("nothing after the refused request is served")
                    .isEqualTo(1);
            assertThat(answer.closed()).isTrue();
        }
        assertThat(RawHttp.exchange(served.port(), "GET /echo HTTP/1.0\r\n\r\n", 1000)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void anHttp11RequestWithoutHostSaysSo() {
        final RawHttp answer = RawHttp.exchange(served.port(), "GET /echo HTTP/1.1\r\nConnection: close\r\n\r\n", 1000);
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.text()).contains("An HTTP/1.1 request needs a Host header");
        assertThat(RawHttp.exchange(served.port(), "GET /echo HTTP/1.0\r\n\r\n", 1000)
                        .status())
                .as("HTTP/1.0 needs none")
                .isEqualTo(200);
    }

    @Test
    void aTlsHandshakeOnThePlainPortIsAnsweredAtOnce() {
        final byte[] clientHello = {0x16, 0x03, 0x01, 0x00, (byte) 0xa5, 0x01, 0x00, 0x00, (byte) 0xa1, 0x03, 0x03};
        final RawHttp answer = RawHttp.exchange(served.port(), clientHello, 5000);
        assertThat(answer.closed()).isTrue();
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.text()).contains("This port speaks plain HTTP, not TLS");
    }

    @Test
    void oversizedRequestLinesAndHeadersGet414And431() {
        assertThat(RawHttp.exchange(
                                served.port(), "GET /echo?" + "a".repeat(5000) + " HTTP/1.1\r\nHost: t\r\n\r\n", 1000)
                        .status())
                .isEqualTo(414);
        final RawHttp headers = RawHttp.exchange(
                served.port(), "GET /echo HTTP/1.1\r\nHost: t\r\nX-Big: " + "a".repeat(10_000) + "\r\n\r\n", 1000);
        assertThat(headers.status()).isEqualTo(431);
        assertThat(headers.text()).contains("rest.limits.max-header-size");
    }

    @Test
    void aSlowSenderIsAnswered408AndDisconnected() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.setSoTimeout(100);
            final OutputStream out = socket.getOutputStream();
            final byte[] head = "GET /echo HTTP/1.1\r\nHost: test\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII);
            final long started = System.nanoTime();
            RawHttp answer = new RawHttp("", false);
            // One byte each 100 ms: never idle, but the head is never done either.
            for (int i = 0; !answer.closed() && System.nanoTime() - started < 10_000_000_000L; i++) {
                try {
                    out.write(i < head.length ? head[i] : 'a');
                    out.flush();
                } catch (final IOException closed) {
                    answer = RawHttp.read(socket.getInputStream());
                    break;
                }
                answer = RawHttp.read(socket.getInputStream());
            }
            assertThat(answer.closed()).as("closed within 10 s").isTrue();
            assertThat(answer.status()).isEqualTo(408);
            assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
        }
    }
}
