package org.jzenith.rest.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.jzenith.rest.internal.json.JsonCodec;

/**
 * What a client is told about a JSON body the parser refuses, read by the REST plugin's own codec: the
 * cause in JSON's terms, and never the parser's Java names (its features, limits and source), which a
 * black-box probe found in these answers.
 */
class JsonProblemsTest {

    record User(String name, int age) {}

    private static final ObjectReader READER = JsonCodec.create().readerFor(User.class);

    static Stream<Arguments> bodies() {
        return Stream.of(
                Arguments.of("{", "malformed JSON at line 1, column 2: the body ends before the object is closed"),
                Arguments.of("{\"name\":\"a\",", "malformed JSON at line 1, column 13: the body ends"),
                Arguments.of("{\"name\":NaN}", "malformed JSON at line 1, column 12: NaN is not a JSON number"),
                Arguments.of("{\"age\":-Infinity}", "-Infinity is not a JSON number"),
                Arguments.of("{\"age\":" + "1".repeat(5000) + "}", "malformed JSON: a number longer than 1000 digits"),
                Arguments.of(
                        "{\"x\":".repeat(1001) + "1" + "}".repeat(1001),
                        "malformed JSON: values nested deeper than 1000 levels"),
                Arguments.of("{\"" + "k".repeat(60_000) + "\":1}", "a field name longer than 50000 characters"),
                Arguments.of("{/*c*/\"name\":\"bob\"}", "malformed JSON at line 1, column 2: JSON has no comments"),
                Arguments.of("{\"name\":\"al", "field 'name': the body ends inside a string at line 1, column 12"),
                Arguments.of(
                        "{\"name\":\"a\nb\"}",
                        "field 'name': a control character (code 10) in a string must be escaped"),
                Arguments.of("{\"name\":\"\\q\"}", "field 'name': \\q is not an escape of a JSON string"),
                Arguments.of(
                        "{\"name\":\"\\uZZZZ\"}", "field 'name': \\u in a JSON string takes four hexadecimal digits"),
                Arguments.of(
                        "{\"age\":99999999999999999999}",
                        "field 'age': the number is out of range (-2147483648 to 2147483647) at line 1, column 28"),
                Arguments.of("{name:1}", "was expecting double-quote to start field name"),
                Arguments.of("{\"age\":01}", "Leading zeroes not allowed"));
    }

    record Named(String name) {}

    @Test
    void aFieldSentTwiceIsRefusedWhateverTheRecord() {
        // Before, a record of two fields took the last value and one of one field failed saying nothing useful.
        assertThat(describe("{\"name\":\"a\",\"age\":1,\"name\":\"b\"}")).contains("field 'name' appears twice");
        assertThat(describe(JsonCodec.create().readerFor(Named.class), "{\"name\":\"a\",\"name\":\"b\"}"))
                .contains("field 'name' appears twice");
    }

    @ParameterizedTest
    @MethodSource("bodies")
    void saysWhatIsWrongInJsonTerms(final String body, final String expected) {
        final String described = describe(body);

        assertThat(described).contains(expected);
        assertThat(described)
                .doesNotContain("`")
                .doesNotContain("Feature")
                .doesNotContain("StreamRead")
                .doesNotContain("Source:")
                .doesNotContain("java.")
                .doesNotContain("Exception")
                .doesNotContain("cannot be read");
    }

    private static String describe(final String body) {
        return describe(READER, body);
    }

    private static String describe(final ObjectReader reader, final String body) {
        try {
            reader.readValue(body.getBytes(StandardCharsets.UTF_8)); // bytes, as the server reads a body
        } catch (final IOException e) {
            return JsonProblems.describe(e);
        }
        return fail("read without a problem: " + body);
    }
}
