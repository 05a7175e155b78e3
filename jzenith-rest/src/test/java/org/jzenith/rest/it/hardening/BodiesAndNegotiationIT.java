package org.jzenith.rest.it.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/**
 * Request bodies a service must not take (trailing data, what is not UTF-8) and JSON errors told in
 * the client's terms, never naming a Java type; and {@code q=0} in Accept honoured.
 */
class BodiesAndNegotiationIT {

    private static Served served;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(Echo.class));
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    private static RawHttp post(final String path, final String contentType, final byte[] body) {
        final ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("POST " + path + " HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: " + contentType
                        + "\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(body);
        return RawHttp.exchange(served.port(), request.toByteArray(), 5000);
    }

    private static RawHttp json(final String body) {
        return post("/echo", "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void mediaTypesMatchWhateverTheirCaseAndSpacing() {
        // RFC 9110: type and subtype are case-insensitive, and a space may come before parameters
        for (final String contentType :
                new String[] {"APPLICATION/JSON", "Application/Json", "application/json ; charset=utf-8"}) {
            final RawHttp answer =
                    post("/echo", contentType, "{\"name\":\"Ada\",\"age\":36}".getBytes(StandardCharsets.UTF_8));
            assertThat(answer.status()).as(contentType).isEqualTo(200);
        }
        final RawHttp accepted = RawHttp.exchange(
                served.port(),
                "GET /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAccept: APPLICATION/JSON\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII),
                5000);
        assertThat(accepted.status()).isEqualTo(200);
        assertThat(post("/echo", "TEXT/PLAIN", "x".getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(415);
    }

    @Test
    void dataAfterTheJsonValueIs400() {
        final RawHttp answer = json("{\"name\":\"Ada\",\"age\":36} trailing");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.text()).contains("malformed JSON at line 1, column").contains("cache-control: no-store");
        final RawHttp second = json("{\"name\":\"Ada\",\"age\":36}{\"name\":\"Eve\"}");
        assertThat(second.status()).isEqualTo(400);
        assertThat(second.text()).contains("request body: more data after the JSON value at line 1, column 24");
        assertThat(json("{\"name\":\"Ada\",\"age\":36}  \n").status()).isEqualTo(200);
    }

    @Test
    void bytesThatAreNotUtf8Are400ForJsonAndText() {
        final byte[][] invalid = {
            {(byte) 0xc0, (byte) 0xaf}, // overlong '/'
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, // an encoded surrogate
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
            {(byte) 0x80}, // a lone continuation byte
            {(byte) 0xff}
        };
        for (final byte[] bad : invalid) {
            final ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.writeBytes("{\"name\":\"a".getBytes(StandardCharsets.US_ASCII));
            body.writeBytes(bad);
            body.writeBytes("b\",\"age\":1}".getBytes(StandardCharsets.US_ASCII));
            final RawHttp answer = post("/echo", "application/json", body.toByteArray());
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.text()).contains("request body: not valid UTF-8");
            assertThat(post("/echo/text", "text/plain", bad).status()).isEqualTo(400);
        }
        final RawHttp text = post("/echo/text", "text/plain", "zürich €".getBytes(StandardCharsets.UTF_8));
        assertThat(new String(text.text().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8))
                .endsWith("zürich €");
    }

    @Test
    void aBodyInACharsetOtherThanUtf8Is415RatherThanReadWrongly() {
        final RawHttp klingon = post(
                "/echo",
                "application/json; charset=klingon",
                "{\"name\":\"Ada\",\"age\":36}".getBytes(StandardCharsets.UTF_8));
        assertThat(klingon.status()).isEqualTo(415);
        assertThat(klingon.text())
                .contains("reads the body as UTF-8, and the Content-Type says charset=klingon: send the body in UTF-8");
        final RawHttp latin =
                post("/echo/text", "text/plain; charset=ISO-8859-1", "zürich".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(latin.status()).isEqualTo(415);
        assertThat(latin.text()).contains("charset=iso-8859-1");

        assertThat(post(
                                "/echo",
                                "application/json; charset=UTF-8",
                                "{\"name\":\"Ada\",\"age\":36}".getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(200);
        assertThat(post("/echo/text", "text/plain; charset=us-ascii", "plain".getBytes(StandardCharsets.US_ASCII))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void mismatchedJsonIsToldWithoutJavaTypes() {
        final RawHttp array = json("[]");
        assertThat(array.status()).isEqualTo(400);
        assertThat(array.text()).contains("request body: expected an object, found an array");
        final RawHttp field = json("{\"name\":\"Ada\",\"age\":\"old\"}");
        // A string where a number belongs is the wrong kind, whatever it says (rest.json.coerce-scalars is off).
        assertThat(field.text()).contains("field 'age': expected a whole number, found a string");
        final RawHttp list = json("{\"name\":\"Ada\",\"tags\":{}}");
        assertThat(list.text()).contains("field 'tags': expected an array, found an object");
        for (final RawHttp answer : new RawHttp[] {array, field, list}) {
            assertThat(answer.text())
                    .doesNotContain("Person")
                    .doesNotContain("java.")
                    .doesNotContain("Integer")
                    .doesNotContain("JsonToken")
                    .doesNotContain("`");
        }
    }

    @Test
    void aMethodWithoutABodyIgnoresAccept() {
        // Echo is @Produces(JSON); forget answers 204, so no representation is there to refuse.
        assertThat(served.http()
                        .send("DELETE", "/echo", null, "Accept", "application/problem+json")
                        .statusCode())
                .isEqualTo(204);
        assertThat(served.http()
                        .get("/echo", "Accept", "application/problem+json")
                        .statusCode())
                .isEqualTo(406);
    }

    @Test
    void aMediaTypeWithZeroWeightIsNotAcceptable() {
        assertThat(served.http().get("/echo", "Accept", "application/json;q=0").statusCode())
                .isEqualTo(406);
        assertThat(served.http()
                        .get("/echo", "Accept", "*/*, application/json;q=0")
                        .statusCode())
                .isEqualTo(406);
        assertThat(served.http()
                        .get("/echo", "Accept", "application/json;q=0.5")
                        .statusCode())
                .isEqualTo(200);
        assertThat(served.http().get("/echo", "Accept", "text/plain;q=0, */*").statusCode())
                .isEqualTo(200);
    }
}
