package org.jzenith.rest.it.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/**
 * Issue 28: a JSON body of the wrong shape was read anyway ({@code {"name":5}} stored as
 * {@code "5"}). A scalar of one kind is not read as another, unless {@code rest.json.coerce-scalars}
 * allows it: the answer is a 400 naming the field and the kind expected, never a Java type.
 */
class StrictScalarsIT {

    private static Served strict;
    private static Served lenient;

    @BeforeAll
    static void start() {
        strict = Served.start(RestPlugin.withResources(ScalarsResource.class));
        lenient = Served.start(RestPlugin.withResources(ScalarsResource.class), "--rest.json.coerce-scalars=true");
    }

    @AfterAll
    static void stop() {
        strict.close();
        lenient.close();
    }

    private static HttpResponse<String> post(final Served served, final String body) {
        return served.http().send("POST", "/scalars", body, "Content-Type", "application/json");
    }

    private static void refused(final String body, final String detail) {
        final HttpResponse<String> answer = post(strict, body);
        assertThat(answer.statusCode()).as(body).isEqualTo(400);
        assertThat(answer.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(answer.body())
                .as(body)
                .contains("\"detail\":\"request body: " + detail + "\"")
                .doesNotContain("java.")
                .doesNotContain("Exception")
                .doesNotContain("`");
    }

    @Test
    void aStringFieldTakesNoNumberOrBoolean() {
        refused("{\"text\":5}", "field 'text': expected a string, found a number");
        refused("{\"text\":5.5}", "field 'text': expected a string, found a number");
        refused("{\"text\":true}", "field 'text': expected a string, found a boolean");
    }

    @Test
    void aWholeNumberFieldTakesNoStringFractionOrBoolean() {
        refused("{\"whole\":\"5\"}", "field 'whole': expected a whole number, found a string");
        refused("{\"whole\":5.7}", "field 'whole': expected a whole number, found a number");
        refused("{\"big\":\"5\"}", "field 'big': expected a whole number, found a string");
        refused("{\"whole\":true}", "field 'whole': expected a whole number, found a boolean");
    }

    @Test
    void aNumberFieldTakesNoStringOrBooleanButAWholeNumber() {
        refused("{\"real\":\"5.5\"}", "field 'real': expected a number, found a string");
        refused("{\"amount\":\"5.5\"}", "field 'amount': expected a number, found a string");
        refused("{\"real\":false}", "field 'real': expected a number, found a boolean");
        assertThat(post(strict, "{\"real\":5,\"amount\":7}").body()).contains("\"real\":5.0", "\"amount\":7");
    }

    @Test
    void aBooleanFieldTakesNoStringOrNumber() {
        refused("{\"flag\":\"true\"}", "field 'flag': expected true or false, found a string");
        refused("{\"flag\":1}", "field 'flag': expected true or false, found a number");
    }

    @Test
    void anEnumFieldTakesItsNamesNotTheirNumbers() {
        refused("{\"colour\":1}", "field 'colour': expected one of [RED, GREEN], found a number");
        assertThat(post(strict, "{\"colour\":\"GREEN\"}").body()).contains("\"colour\":\"GREEN\"");
    }

    @Test
    void theFieldIsNamedByItsPathInTheBody() {
        refused(
                "{\"inners\":[{\"label\":\"a\"},{\"label\":7}]}",
                "field 'inners[1].label': expected a string, found a number");
    }

    @Test
    void aBodyOfTheRightShapeIsRead() {
        final HttpResponse<String> answer = post(
                strict,
                "{\"text\":\"5\",\"whole\":5,\"big\":6,\"real\":5.5,\"amount\":1.25,\"flag\":true,\"colour\":\"RED\"}");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body())
                .contains("\"text\":\"5\"", "\"whole\":5", "\"real\":5.5", "\"flag\":true", "\"colour\":\"RED\"");
    }

    @Test
    void coerceScalarsReadsAScalarAsAnotherKindAsJacksonDoesByDefault() {
        final HttpResponse<String> answer = post(lenient, "{\"text\":5,\"whole\":\"6\",\"flag\":\"true\"}");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("\"text\":\"5\"", "\"whole\":6", "\"flag\":true");
    }
}
