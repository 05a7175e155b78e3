package org.jzenith.rest.it.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/**
 * Malformed percent-encoding (issue 22) in each place a parameter is decoded from, sent as raw
 * bytes since an HTTP client would escape the lone {@code %}: each is the client's mistake, a 400
 * problem that names what was malformed, with no ERROR, stack trace or Java type in log or answer.
 */
class MalformedEncodingIT {

    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static PrintStream originalErr;
    private static Served served;

    @BeforeAll
    static void start() {
        // slf4j-simple writes to System.err: capture it, to see that no client mistake logs an ERROR.
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeStream(originalErr, LOG), true, StandardCharsets.UTF_8));
        served = Served.start(RestPlugin.withResources(Decoded.class));
    }

    @AfterAll
    static void stop() {
        served.close();
        System.setErr(originalErr);
    }

    @AfterEach
    void noErrorWasLogged() {
        assertThat(LOG.toString(StandardCharsets.UTF_8))
                .doesNotContain("ERROR")
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
    }

    private static RawHttp get(final String target) {
        return RawHttp.exchange(
                served.port(), "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n", 2000);
    }

    private static void assertProblem(final RawHttp answer, final String names) {
        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(answer.text())
                .contains("application/problem+json")
                .contains(names)
                .doesNotContain("Exception")
                .doesNotContain("java.")
                .doesNotContain("io.netty");
    }

    @Test
    void aLonePercentInTheQueryIsA400NamingTheQuery() {
        assertProblem(get("/decoded/query?%"), "The query string has a malformed percent-escape (\\\"%\\\")");
    }

    @Test
    void anEscapeThatIsNotHexInTheQueryIsA400NamingTheQuery() {
        assertProblem(get("/decoded/query?a=%zz"), "The query string has a malformed percent-escape (\\\"%zz\\\")");
        assertProblem(get("/decoded/query?a=%4"), "(\\\"%4\\\")");
    }

    @Test
    void aWellFormedQueryIsStillDecoded() {
        final RawHttp answer = get("/decoded/query?a=%C3%A9t%C3%A9+x%25");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(new String(answer.text().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8))
                .endsWith("a=été x%");
    }

    @Test
    void aMalformedEscapeInThePathIsA400NamingThePath() {
        assertProblem(get("/decoded/path/%zz"), "The request path has a malformed percent-escape (\\\"%zz\\\")");
        assertProblem(get("/decoded/path/a%"), "The request path has a malformed percent-escape (\\\"%\\\")");
    }

    @Test
    void aMalformedEscapeInAMatrixParameterIsA400NamingThePath() {
        assertProblem(get("/decoded/matrix;m=%zz"), "The request path has a malformed percent-escape (\\\"%zz\\\")");
    }

    @Test
    void aMalformedEscapeInAFormBodyIsA400NamingTheBody() {
        final String body = "f=%zz";
        final RawHttp answer = RawHttp.exchange(
                served.port(),
                "POST /decoded/form HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                        + "\r\n\r\n" + body,
                2000);
        assertProblem(answer, "The form body (application/x-www-form-urlencoded) has a malformed percent-escape");
    }

    @Test
    void aHeaderIsTakenAsSentSinceHeadersAreNotPercentEncoded() {
        final RawHttp answer = RawHttp.exchange(
                served.port(),
                "GET /decoded/header HTTP/1.1\r\nHost: test\r\nConnection: close\r\nX-Value: %zz\r\n\r\n",
                2000);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.text()).endsWith("x=%zz");
    }
}
