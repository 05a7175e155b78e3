package org.jzenith.rest.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.MultiMap;
import org.junit.jupiter.api.Test;

class MediaTypeHeadersTest {

    @Test
    void typeAndSubtypeAreLowerCasedAndTheSpaceBeforeParametersGoes() {
        final MultiMap headers = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", "APPLICATION/JSON ; charset=UTF-8")
                .add("Accept", "Text/Plain;q=0.5, APPLICATION/Json")
                .add("Accept", "application/xml");

        MediaTypeHeaders.normalize(headers);

        assertThat(headers.get("Content-Type")).isEqualTo("application/json; charset=UTF-8");
        assertThat(headers.getAll("Accept")).containsExactly("text/plain;q=0.5, application/json", "application/xml");
    }

    @Test
    void parametersStayAsSentCommasInQuotesIncluded() {
        assertThat(MediaTypeHeaders.mediaType("Multipart/Form-Data; boundary=\"AbC,dEf\""))
                .isEqualTo("multipart/form-data; boundary=\"AbC,dEf\"");
        assertThat(MediaTypeHeaders.mediaRanges("A/B;x=\"1,C/D\", E/F")).isEqualTo("a/b;x=\"1,C/D\", e/f");
    }

    @Test
    void headersAlreadyNormalizedAreLeftAlone() {
        assertThat(MediaTypeHeaders.normalized("application/json; charset=UTF-8"))
                .isTrue();
        assertThat(MediaTypeHeaders.normalized("text/plain;q=0.5, application/json"))
                .isTrue();
        assertThat(MediaTypeHeaders.normalized("multipart/form-data; boundary=\"ABC\""))
                .isTrue();
        assertThat(MediaTypeHeaders.normalized("application/JSON")).isFalse();
        assertThat(MediaTypeHeaders.normalized("application/json ;charset=utf-8"))
                .isFalse();
        assertThat(MediaTypeHeaders.normalized("text/plain, Application/json")).isFalse();
    }
}
