package org.jzenith.rest.internal.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PercentDecodingTest {

    @Test
    void decodesEscapesAsUtf8AndPlusAsASpaceWhereAsked() {
        assertThat(PercentDecoding.decode("%C3%A9t%C3%A9+x%25", true)).contains("été x%");
        assertThat(PercentDecoding.decode("a+b", false)).contains("a+b");
        assertThat(PercentDecoding.decode("plain", true)).contains("plain");
        assertThat(PercentDecoding.decode("é%20ü", false)).contains("é ü");
    }

    @Test
    void aMalformedEscapeIsAnEmptyResultNotAnException() {
        for (final String text : new String[] {"%", "a%", "%4", "%zz", "%4g", "%٣٣"}) {
            assertThat(PercentDecoding.decode(text, true)).as(text).isEmpty();
        }
    }

    @Test
    void theFirstMalformedEscapeIsNamed() {
        assertThat(PercentDecoding.firstMalformedEscape("a=%20&b=%zz&c=%")).contains("%zz");
        assertThat(PercentDecoding.firstMalformedEscape("x%4")).contains("%4");
        assertThat(PercentDecoding.firstMalformedEscape("%")).contains("%");
        assertThat(PercentDecoding.firstMalformedEscape("a%20b")).isEmpty();
    }
}
